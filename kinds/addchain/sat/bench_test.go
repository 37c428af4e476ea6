//go:build unix

package sat_test

import (
	"context"
	"syscall"
	"testing"
	"time"

	"github.com/puzzlesat/puzzlesat/kinds/addchain"
	"github.com/puzzlesat/puzzlesat/kinds/addchain/sat"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

// BenchmarkEncodings solves every n from 1 to 200 with the default
// encoding, with the default again (the control, whose spread is the
// noise), and with each other option of the encoding's choice points,
// interleaved in each iteration, on gini. It reports per configuration
// the conflicts and literals over the range and its CPU time over the
// default's. kinds/addchain/ABLATION.md is its table.
//
//	go test -run XXX -bench Encodings -benchtime 2x -timeout 60m ./kinds/addchain/sat
func BenchmarkEncodings(b *testing.B) {
	names := []string{"default", "control"}
	picks := []technique.Picks{{}, {}}
	for _, c := range sat.Encodings() {
		for _, o := range c.Options[1:] {
			enc, err := technique.ResolveEncoding(sat.Encodings(), c.Point+"="+o)
			if err != nil {
				b.Fatal(err)
			}
			names = append(names, c.Point+"="+o)
			picks = append(picks, enc)
		}
	}
	cpus := make([]time.Duration, len(picks))
	conflicts := make([]int64, len(picks))
	clauses := make([]int64, len(picks))
	cfg := solver.Config{Engine: solver.Gini()}
	for b.Loop() {
		for c, enc := range picks {
			start := cpu()
			conflicts[c], clauses[c] = 0, 0
			for n := 1; n <= 200; n++ {
				_, st, err := sat.Solve(context.Background(), addchain.Instance{N: n}, cfg, enc)
				if err != nil {
					b.Fatal(err)
				}
				conflicts[c] += st.Conflicts
				clauses[c] += int64(st.Clauses)
			}
			cpus[c] += cpu() - start
		}
	}
	for c, name := range names {
		b.ReportMetric(float64(conflicts[c]), name+"-conflicts")
		b.ReportMetric(float64(clauses[c]), name+"-clauses")
		b.ReportMetric(cpus[c].Seconds()/cpus[0].Seconds(), name+"-cpu/default")
	}
	b.ReportMetric(cpus[0].Seconds()/float64(b.N), "default-cpu-s/op")
}

// cpu returns the CPU time this process has used, user and system.
func cpu() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
