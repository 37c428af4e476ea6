package dfs

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/puzzlesat/puzzlesat/internal/poll"
	"github.com/puzzlesat/puzzlesat/kinds/cats"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

// The cuts of CatsChapter, indexed as in CatsChapterPrunings and in its
// cut counts.
const (
	catsChHeaviestFirst = iota
	catsChCapacity
	catsChFewerCars
	catsChCuts // the number of cuts
)

// CatsChapterPrunings returns the cuts of CatsChapter, every one on by
// default. The chapter prints no program for cats and numbers no cut of
// it; each is numbered by the chapter's kind of pruning it is: 1 search
// order (the chapter's own example of one), 3 feasibility, 4 optimality.
// One count is one iteration, or one call, that the cut's condition ended
// where the search would have gone on; the order counts the choices it
// made.
func CatsChapterPrunings() []technique.Pruning {
	return []technique.Pruning{
		catsChHeaviestFirst: {Name: "heaviest-first", Category: technique.Order, Chapter: "1", Counts: "cats placed, in its order",
			Doc: "the cats are placed heaviest first, as the chapter's example of a search order has it (off: in input order)"},
		catsChCapacity: {Name: "capacity", Category: technique.Feasibility, Chapter: "3", Counts: "cars refused",
			Doc: "a cat goes only into a car with room for it (off: into any car, a packing with a car over W refused at its end)"},
		catsChFewerCars: {Name: "fewer-cars", Category: technique.Optimality, Chapter: "4", Counts: "calls ended",
			Doc: "a call ends when its cars reach the best packing's (off: a packing is kept when it has fewer)"},
	}
}

// CatsChapter returns the fewest cable cars of capacity p.W that carry
// every cat of p, with the cats of each car, by the usual contest search
// for the chapter's example of a search order (小猫爬山, AcWing 165), step
// by step: dfs places the cats in turn, each into every open car and then
// into a new car, with the cuts of CatsChapterPrunings that run switches.
// The best packing starts as a car per cat.
//
// Stats.Nodes counts the calls of dfs. It returns ctx.Err() when ctx is
// done first, and puzzle.ErrNoSolution when a cat is heavier than W (or W
// < 1).
func CatsChapter(ctx context.Context, p cats.Instance, run search.Run) (cats.Answer, search.Stats, error) {
	n := len(p.Weights)
	if p.W < 1 || n == 0 || slices.Max(p.Weights) > p.W {
		return cats.Answer{}, search.Stats{}, puzzle.ErrNoSolution
	}
	if run.Counting() {
		return catsChapterRun[trace.Counted](ctx, p, run)
	}
	return catsChapterRun[trace.Uncounted](ctx, p, run)
}

// catsChapterRun is CatsChapter counting into a trace.Probe[C].
func catsChapterRun[C trace.Counts](ctx context.Context, p cats.Instance, run search.Run) (cats.Answer, search.Stats, error) {
	n := len(p.Weights)
	s := &catsChapter[C]{tick: poll.New(ctx), n: n, w: p.W, ans: n,
		order: make([]int, n), c: make([]int, n), sum: make([]int, n+1), car: make([]int, n)}
	s.on = run.Prunings.Bits(CatsChapterPrunings)
	s.probe.Start(run.Sink)
	for i := range s.order {
		s.order[i] = i
	}
	if s.on.Has(catsChHeaviestFirst) {
		slices.SortStableFunc(s.order, func(a, b int) int { return cmp.Compare(p.Weights[b], p.Weights[a]) })
	}
	for u, i := range s.order {
		s.c[u] = p.Weights[i]
	}
	if s.probe.Tracing() {
		s.probe.Enter(fmt.Sprintf("%d cats, W=%d", n, p.W))
	}
	s.dfs(0, 0)
	if s.on.Has(catsChHeaviestFirst) {
		s.probe.CutN(catsChHeaviestFirst, s.placed)
		if s.probe.Tracing() {
			s.probe.Why(catsChHeaviestFirst, trace.Plural(s.placed, "cat", "cats")+" placed, heaviest first")
		}
	}
	if s.probe.Tracing() {
		s.probe.Leave()
	}
	st := search.Stats{Nodes: s.tick.Steps(), Cuts: s.probe.Counts(catsChCuts)}
	if err := s.tick.Err(); err != nil {
		return cats.Answer{}, st, err
	}
	return s.answer(), st, nil
}

// catsChapter is the state of the contest search for cats: its globals.
type catsChapter[C trace.Counts] struct {
	tick  poll.Ticker // counts the calls of dfs
	probe trace.Probe[C]
	on    technique.Bits

	n, w   int
	order  []int // order[u]: the cat placed u-th, by its index in the input
	c      []int // c[u]: the weight of the cat placed u-th
	sum    []int // sum[i]: the load of car i
	car    []int // car[u]: the car of the cat placed u-th, on the current path
	ans    int   // the cars of the best packing
	best   []int // car of the best packing, nil for a car per cat
	placed int   // the cats placed, for heaviest-first
}

// dfs places cat u and those after it, k cars being open.
func (s *catsChapter[C]) dfs(u, k int) {
	if !s.tick.Tick() {
		return
	}
	if s.on.Has(catsChFewerCars) && k >= s.ans {
		s.probe.Cut(catsChFewerCars)
		if s.probe.Tracing() {
			s.probe.Why(catsChFewerCars, fmt.Sprintf("%d cars >= best %d", k, s.ans))
		}
		return
	}
	if u == s.n {
		s.leaf(k)
		return
	}
	for i := 0; i < k && s.tick.Err() == nil; i++ {
		if s.on.Has(catsChCapacity) && s.c[u]+s.sum[i] > s.w {
			s.probe.Cut(catsChCapacity)
			if s.probe.Tracing() {
				s.probe.Why(catsChCapacity, fmt.Sprintf("car %d: %d + %d > %d", i+1, s.sum[i], s.c[u], s.w))
			}
			continue
		}
		s.down(u, i, k)
	}
	if s.tick.Err() == nil {
		s.down(u, k, k+1)
	}
}

// down puts cat u into car i, k cars being open after it, and places the
// cats after it.
func (s *catsChapter[C]) down(u, i, k int) {
	s.placed++
	s.sum[i] += s.c[u]
	s.car[u] = i
	if s.probe.Tracing() {
		s.probe.Enter(fmt.Sprintf("%d → car %d", s.c[u], i+1))
	}
	s.dfs(u+1, k)
	if s.probe.Tracing() {
		s.probe.Leave()
	}
	s.sum[i] -= s.c[u]
}

// leaf keeps the packing of k cars on the path, when it has no car over W
// (which only happens without capacity) and beats the best.
func (s *catsChapter[C]) leaf(k int) {
	for _, load := range s.sum[:k] {
		if load > s.w {
			return
		}
	}
	if k < s.ans {
		s.ans = k
		s.best = append(s.best[:0], s.car...)
		s.probe.Found()
	}
}

// answer returns the best packing, by the cats' indices in the input.
func (s *catsChapter[C]) answer() cats.Answer {
	cars := make([][]int, s.ans)
	for u, i := range s.order {
		k := u // a car per cat
		if s.best != nil {
			k = s.best[u]
		}
		cars[k] = append(cars[k], i)
	}
	return cats.Answer{Cars: cars}
}
