// Package dfs finds shortest addition chains by depth-first search with
// iterative deepening on the chain's length m, the textbook's example of
// it (the section after the chapter on pruning): for m = 0, 1, 2, ... it
// looks for a chain of exactly m additions, placing a1, a2, ... in turn,
// each a sum of two elements already placed that exceeds the last, and
// the first m that has one is the shortest. The prunings of Prunings cut
// what cannot reach n; Solve and Count read them from a technique.Set.
//
// It never uses the SAT backend.
package dfs

import (
	"context"
	"fmt"
	"slices"

	"github.com/puzzlesat/puzzlesat/internal/poll"
	"github.com/puzzlesat/puzzlesat/kinds/addchain"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

// The prunings of Solve and Count, indexed as in Prunings and in the
// cut counts.
const (
	doubling = iota
	largeFirst
	sumOnce
	twoLargest
	lastSum
	numPrunings
)

// Prunings returns the prunings of Solve and Count, every one on by
// default.
func Prunings() []technique.Pruning {
	return []technique.Pruning{
		doubling: {Name: "doubling", Category: technique.Feasibility, Counts: "sums refused",
			Doc: "no addition more than doubles the largest element, so a sum s with r additions after it is refused when s·2^r < n"},
		largeFirst: {Name: "large-first", Category: technique.Order, Counts: "smaller sums skipped at once",
			Doc: "the sums are tried from the largest, so the first chain found is the answer, the greatest, and the first sum the doubling bound refuses ends the node untried below it (an order removes no branch: it counts those sums; off: smallest first, every chain of the last level visited and the greatest kept)"},
		sumOnce: {Name: "sum-once", Category: technique.Redundancy, Counts: "pairs skipped",
			Doc: "two pairs of elements with the same sum make the same chain, so each sum is tried once per node"},
		twoLargest: {Name: "two-largest", Category: technique.Feasibility, Counts: "sums refused",
			Doc: "a sum s that does not reach n by doubling alone must take a smaller step once, which reaches at most max((s+a)·2^(r-1), 3s·2^(r-2)), a the element before s"},
		lastSum: {Name: "last-sum", Category: technique.Optimality, Counts: "sums refused",
			Doc: "with one addition after a sum s, n must be s plus an element of the chain or s itself: a last addition without s would leave s unused, and a chain with an unused element is not shortest"},
	}
}

// Solve returns the greatest of the shortest addition chains for p in
// lexicographic order (a1 as large as can be, then a2, ...), the chain
// that package sat returns too: the statement accepts any shortest
// chain, and both backends give the same. It returns ctx.Err() when ctx
// is done first; every n in 1..addchain.MaxN has a chain. Stats.Nodes
// counts the decisions, the elements placed (a depth limit tried is a
// level of the trace, not a decision), Stats.Cuts the branches each
// pruning of Prunings removed.
func Solve(ctx context.Context, p addchain.Instance, run search.Run) (addchain.Answer, search.Stats, error) {
	if run.Counting() {
		return solve[trace.Counted](ctx, p, run)
	}
	return solve[trace.Uncounted](ctx, p, run)
}

// solve is Solve with the search counting into a trace.Probe[C].
func solve[C trace.Counts](ctx context.Context, p addchain.Instance, run search.Run) (addchain.Answer, search.Stats, error) {
	s, err := newSearch[C](ctx, p, run)
	if err != nil {
		return addchain.Answer{}, search.Stats{}, err
	}
	found := s.deepen()
	st := s.stats()
	if err := s.tick.Err(); err != nil {
		return addchain.Answer{}, st, err
	}
	if !found {
		return addchain.Answer{}, st, fmt.Errorf("addchain: no chain found for n = %d: the search is wrong", p.N)
	}
	return addchain.Answer{Chain: s.best}, st, nil
}

// Count returns the number of shortest addition chains of p, stopping at
// limit (0 or less: no limit): a result equal to limit means limit or
// more. Two chains differ when their elements do; how each element is
// made a sum does not count. When ctx is done first it returns the
// chains counted so far and ctx.Err().
func Count(ctx context.Context, p addchain.Instance, limit int, run search.Run) (int, search.Stats, error) {
	if run.Counting() {
		return count[trace.Counted](ctx, p, limit, run)
	}
	return count[trace.Uncounted](ctx, p, limit, run)
}

// count is Count with the search counting into a trace.Probe[C].
func count[C trace.Counts](ctx context.Context, p addchain.Instance, limit int, run search.Run) (int, search.Stats, error) {
	s, err := newSearch[C](ctx, p, run)
	if err != nil {
		return 0, search.Stats{}, err
	}
	s.counting, s.limit = true, int64(max(limit, 0))
	s.deepen()
	return int(s.count), s.stats(), s.tick.Err()
}

// chainSearch is the state of one Solve or Count.
type chainSearch[C trace.Counts] struct {
	tick    poll.Ticker
	probe   trace.Probe[C]
	tracing bool
	// The prunings on, indexed by the constants of Prunings.
	on technique.Bits

	n, m int
	a    []int    // the chain: a[0] = 1, a[1..k-1] placed
	sums [][]int  // per position, the sums of pairs above the last element
	in   []uint64 // the values of a, as a bitset
	// seen[v] = stamp when v was a sum below the doubling bound at the
	// node being expanded.
	seen  []uint32
	stamp uint32

	counting bool  // count every chain of length m, not just the first
	count    int64 // chains counted
	limit    int64 // counting stops there; 0: no limit
	dups     int   // with sum-once off, the sums on the path that repeat an earlier pair's
	best     []int // the greatest chain found, when solving
	stopped  bool
}

// maxLen bounds the chains searched: the binary method reaches any n up to
// addchain.MaxN in at most 2·19 additions.
const maxLen = 40

func newSearch[C trace.Counts](ctx context.Context, p addchain.Instance, run search.Run) (*chainSearch[C], error) {
	if p.N < 1 || p.N > addchain.MaxN {
		return nil, fmt.Errorf("addchain: n %d out of range 1..%d", p.N, addchain.MaxN)
	}
	s := &chainSearch[C]{tick: poll.New(ctx), n: p.N, a: make([]int, maxLen+1), sums: make([][]int, maxLen+1),
		in: make([]uint64, p.N/64+1), seen: make([]uint32, p.N+1)}
	s.on = run.Prunings.Bits(Prunings)
	s.probe.Start(run.Sink)
	s.tracing = s.probe.Tracing()
	s.a[0] = 1
	s.in[0] = 1 << 1
	return s, nil
}

// stats returns the search's work.
func (s *chainSearch[C]) stats() search.Stats {
	return search.Stats{Nodes: s.tick.Steps(), Cuts: s.probe.Counts(numPrunings)}
}

// deepen tries m = 0, 1, ... until a level holds a chain, or the search
// stops; it reports whether one was found. The context is looked at once
// before the levels, which place no element for small m (n = 1 none at
// all), and then with each element placed.
func (s *chainSearch[C]) deepen() bool {
	if !s.tick.Look() {
		return false
	}
	for s.m = 0; s.m <= maxLen; s.m++ {
		if s.tracing {
			s.probe.Level(fmt.Sprintf("m=%d", s.m))
		}
		found := s.level()
		if s.tracing {
			s.probe.Leave()
		}
		if found || s.stopped {
			return found
		}
	}
	return false
}

// level searches the chains of exactly m additions.
func (s *chainSearch[C]) level() bool {
	if s.m == 0 {
		if s.n != 1 {
			return false
		}
		s.leaf()
		return true
	}
	s.place(1)
	return s.count > 0
}

// leaf counts the chain in a, which ends at n.
func (s *chainSearch[C]) leaf() {
	if s.dups > 0 {
		return // the same chain is counted on the path of the first pair
	}
	s.count++
	switch {
	case s.counting:
		s.probe.Found()
		s.stopped = s.limit > 0 && s.count >= s.limit
	case s.on.Has(largeFirst):
		// Larger sums first, the first chain is the greatest.
		s.probe.Found()
		s.best = append(s.best[:0], s.a[:s.m+1]...)
		s.stopped = true
	case slices.Compare(s.a[:s.m+1], s.best) > 0:
		s.probe.Found()
		s.best = append(s.best[:0], s.a[:s.m+1]...)
	}
}
