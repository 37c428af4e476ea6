package compare

import (
	"math"
	"slices"
	"time"
)

// Unbounded stands for a quantile that falls on a run that was not
// definite (a timeout, an error): slower than any time measured.
const Unbounded time.Duration = -1

// Summary is one backend's figures over a set of instances.
type Summary struct {
	Backend       string
	Solved, Total int // definite runs, instances
	// Nearest-rank quantiles of the time over all instances, where a run
	// that was not definite counts as slower than every other: Unbounded
	// when the rank falls on one.
	Median, P90, Worst time.Duration
	Wins               int // instances where it was the fastest definite run
}

// Summarise returns one Summary per backend, in order; backend b is the
// b-th run of every instance.
func Summarise(backends []string, ins []Instance) []Summary {
	out := make([]Summary, len(backends))
	for b, name := range backends {
		var times []time.Duration
		s := Summary{Backend: name, Total: len(ins)}
		for i := range ins {
			if r := ins[i].Runs[b]; r.Status.Definite() {
				times = append(times, r.Time)
			}
			if ins[i].Winner() == b {
				s.Wins++
			}
		}
		slices.Sort(times)
		s.Solved = len(times)
		s.Median, s.P90, s.Worst = quantile(times, s.Total, 0.5), quantile(times, s.Total, 0.9), quantile(times, s.Total, 1)
		out[b] = s
	}
	return out
}

// quantile returns the nearest-rank q-quantile of n values of which the
// sorted times are the smallest and the rest are unbounded; Unbounded too
// when n is 0.
func quantile(times []time.Duration, n int, q float64) time.Duration {
	rank := int(math.Ceil(q * float64(n)))
	if rank < 1 {
		rank = 1
	}
	if rank > len(times) {
		return Unbounded
	}
	return times[rank-1]
}
