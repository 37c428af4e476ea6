package engine

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/puzzlesat/puzzlesat/internal/poll"
	"github.com/puzzlesat/puzzlesat/kinds/cats"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

// Solve returns the fewest cable cars of capacity p.W that carry every
// cat of p, with the cats of each car, the nodes the search visited (the
// cars filled by bin completion, the cats placed by the item search) and
// how often each pruning acted, indexed like Prunings. run switches the
// prunings of Prunings. It returns puzzle.ErrNoSolution when a cat is
// heavier than W (or W < 1), and ctx.Err() when ctx is done first.
func Solve[C trace.Counts](ctx context.Context, p cats.Instance, on technique.Set, sink trace.Sink) (cats.Answer, int64, []int64, error) {
	s, ok := newSearch[C](ctx, p, on, sink)
	if !ok {
		return cats.Answer{}, 0, make([]int64, prCount), puzzle.ErrNoSolution
	}
	s.run(ctx)
	nodes, cuts := s.tick.Steps(), s.probe.Counts(prCount)
	if err := cmp.Or(s.tick.Err(), s.err); err != nil {
		return cats.Answer{}, nodes, cuts, err
	}
	return s.answer(), nodes, cuts, nil
}

// search holds the cats sorted heaviest first (lightest first for the
// item search without decreasing), the best packing found
// and the lower bound, and runs either bin completion (binSearch) or the
// seed's branch and bound over the cars of the cats (dfs), in which a
// node (Stats.Nodes) is one call of dfs.
//
// Cuts, each sound for the question "fewer cars than the best so far":
//   - a cat goes in a new car only while fewer than best-1 are open
//     (new-car);
//   - a cat as heavy as the one before goes in the same car or a later
//     one: equal cats can be permuted so that their cars never decrease
//     (equal-cats);
//   - of several (allowed) open cars with the same load, only the first is
//     tried: swapping what the two get later maps the others onto it
//     (equal-load);
//   - a cat that fills an open car exactly goes there and nowhere else:
//     from any packing where that car takes other cats (of total at most
//     the cat's weight), swapping them with the cat gives one as good; the
//     cat then stays out of the order of equal cats (the next equal cat
//     may take any car the cat itself could): if the packing puts an
//     equal cat in that car, permuting the equal cats puts this one there
//     and keeps the others' cars non-decreasing, which an order through
//     the filled car would not (with both rules, 30: 13 11 11 8 8 7
//     got 3 cars where 13 8 8 / 11 11 7 do) (exact-fit);
//   - room that no cat left can use is wasted, so the packing needs at
//     least (sum + waste)/W cars, rounded up; the branch ends when that
//     reaches best (waste);
//   - the t heaviest cats left must find room in the open cars and the new
//     cars still allowed (crowding);
//   - a packing that meets the lower bound ends the search (sum-bound,
//     l2-bound).
//
// Each cut is sound alone and in any order of the cats, so that any of
// them may be switched off, decreasing among them.
type search[C trace.Counts] struct {
	tick  poll.Ticker // counts the nodes
	w     int
	wt    []int // weights in the order placed: heaviest first (lightest without decreasing)
	desc  []int // the weights heaviest first: wt, or wt reversed
	idx   []int // idx[i]: the input position of the cat of weight wt[i]
	total int   // the sum of the weights
	sum   int   // ceil(total/W), the cars the weights fill
	lb    int   // no packing has fewer cars
	load  []int // load of each open car on the current path
	car   []int // car of each cat on the current path
	after []int // after[i]: the first car the cat after i may take if equal
	best  int   // cars of the best packing so far
	keep  []int // car of each cat in the best packing
	done  bool  // best meets lb, or the context is done
	// bounded says that a packing met lb: done then ends the item search
	// at the bound, which counts what it leaves untried.
	bounded bool
	err     error // the context's error, when bin completion saw it
	cheap   int64 // node budget of bin completion's cheap passes

	on technique.Bits // the prunings on, indexed by the constants of Prunings
	// decreasing is set with decreasing, and for bin completion, which
	// needs the weights heaviest first.
	decreasing bool

	probe trace.Probe[C] // the cuts, and the tree when traced
	// The count of decreasing, trace.Unused when it is off (it counts
	// without a test), and that of the bound a packing meets when it ends
	// the item search, trace.Unused for the bound of 1 car.
	kDecreasing, kStop int
}

func newSearch[C trace.Counts](ctx context.Context, p cats.Instance, on technique.Set, sink trace.Sink) (*search[C], bool) {
	n := len(p.Weights)
	if n == 0 || p.W < 1 {
		return nil, false
	}
	bits := on.Bits(Prunings)
	s := &search[C]{tick: poll.New(ctx), w: p.W, cheap: binsCheapNodes, on: bits,
		decreasing:  bits.Has(prDecreasing) || bits.Has(prBinCompletion),
		kDecreasing: trace.Unused, kStop: trace.Unused}
	if bits.Has(prDecreasing) {
		s.kDecreasing = prDecreasing
	}
	s.probe.Start(sink)
	s.idx = make([]int, n)
	for i := range s.idx {
		s.idx[i] = i
		if p.Weights[i] > p.W || p.Weights[i] < 1 {
			return nil, false
		}
		s.total += p.Weights[i]
	}
	order := func(a, b int) int { return p.Weights[b] - p.Weights[a] }
	if !s.decreasing {
		order = func(a, b int) int { return p.Weights[a] - p.Weights[b] }
	}
	slices.SortStableFunc(s.idx, order)
	s.wt = make([]int, n)
	for i, j := range s.idx {
		s.wt[i] = p.Weights[j]
	}
	s.desc = s.wt
	if !s.decreasing {
		s.desc = slices.Clone(s.wt)
		slices.Reverse(s.desc)
	}
	s.load = make([]int, 0, n)
	s.car = make([]int, n)
	s.after = make([]int, n)
	s.sum = (s.total + s.w - 1) / s.w
	switch {
	case bits.Has(prL2Bound):
		s.lb = p.LowerBound()
	case bits.Has(prSumBound):
		s.lb = s.sum
	default:
		s.lb = 1 // a cat needs a car
	}
	// A packing of lb cars settles "fewer than lb?", which only the
	// bound that lb is answers.
	switch {
	case s.lb > s.sum:
		s.kStop = prL2Bound
	case s.lb >= 2 && bits.Has(prSumBound):
		s.kStop = prSumBound
	}
	return s, true
}

// run packs the cats first fit decreasing (or one per car, without
// first-fit), then searches for better. Bin completion asks about every
// number of cars from the lower bound up, so the bounds count the
// questions below it; first-fit counts the question its packing answered.
func (s *search[C]) run(ctx context.Context) {
	if s.on.Has(prFirstFit) {
		s.keep = s.firstFit()
	} else {
		s.keep = make([]int, len(s.wt))
		for i := range s.keep {
			s.keep[i] = i
		}
	}
	s.best = slices.Max(s.keep) + 1
	first := s.best
	s.probe.Found() // the first packing is the answer until a better one
	switch {
	case s.on.Has(prBinCompletion):
		// Bin completion asks every question from the bound up, and
		// none from the first packing's cars on.
		if n := min(s.sum, s.best) - 1; s.on.Has(prSumBound) && n > 0 {
			s.probe.CutN(prSumBound, n)
			if s.probe.Tracing() {
				s.probe.Why(prSumBound, fmt.Sprintf("the cats weigh %d: %d cars at least, %s unasked", s.total, s.sum, plural(n, "question", "questions")))
			}
		}
		if n := min(s.lb, s.best) - s.sum; s.on.Has(prL2Bound) && n > 0 {
			s.probe.CutN(prL2Bound, n)
			if s.probe.Tracing() {
				s.probe.Why(prL2Bound, fmt.Sprintf("L2: %d cars at least, %s unasked", s.lb, plural(n, "more question", "more questions")))
			}
		}
		if s.best > s.lb {
			s.binCompletion(ctx)
		}
	case s.best <= s.lb:
		s.stopAt()
	default:
		if s.tick.Look() {
			s.dfs(0)
		}
	}
	if s.on.Has(prFirstFit) && s.best == first && first < len(s.wt) {
		s.probe.Cut(prFirstFit)
		if s.probe.Tracing() {
			s.probe.Why(prFirstFit, fmt.Sprintf("first fit decreasing packs %d cars: the question %d cars? is not asked", first, first))
		}
	}
}

// binCompletion asks bin completion for k cars, from the lower bound up
// to one below the best packing, and keeps the first packing it finds.
func (s *search[C]) binCompletion(ctx context.Context) {
	b := newBinSearch(ctx, &s.tick, &s.probe, s.w, s.wt, s.on)
	b.cheap = s.cheap
	for k := s.lb; k < s.best; k++ {
		s.probe.Cut(prBinCompletion)
		if s.probe.Tracing() {
			s.probe.Why(prBinCompletion, fmt.Sprintf("%d cars?", k))
		}
		ok := b.decide(k, k*s.w-s.total)
		if b.cancelled {
			s.err = ctx.Err()
			return
		}
		if ok {
			s.best = k
			s.keepCars(b.cars)
			return
		}
		// The LP proved more at the root: the questions below its bound
		// need not be asked.
		if skip := min(b.lpBound, s.best) - 1 - k; skip > 0 {
			s.probe.CutN(prLPBound, skip)
			if s.probe.Tracing() {
				s.probe.Why(prLPBound, fmt.Sprintf("the root's LP: %d cars at least, %s unasked", b.lpBound, plural(skip, "question", "questions")))
			}
			k += skip
		}
	}
}

// keepCars records the packing of bin completion, cars of counts per
// distinct weight, as the car of each cat.
func (s *search[C]) keepCars(cars [][]pair) {
	next := make([]int, 0, len(s.wt)) // next[j]: the next cat of the j-th distinct weight
	for i, v := range s.wt {
		if i == 0 || v != s.wt[i-1] {
			next = append(next, i)
		}
	}
	for c, car := range cars {
		for _, p := range car {
			for range p.cnt {
				s.keep[next[p.idx]] = c
				next[p.idx]++
			}
		}
	}
}

// firstFit puts each cat, heaviest first, in the first car it fits in.
func (s *search[C]) firstFit() []int {
	var loads []int
	n := len(s.wt)
	cars := make([]int, n)
	for t := range n {
		i := t
		if !s.decreasing {
			i = n - 1 - t
		}
		v := s.wt[i]
		j := 0
		for j < len(loads) && loads[j]+v > s.w {
			j++
		}
		if j == len(loads) {
			loads = append(loads, 0)
		}
		loads[j] += v
		cars[i] = j
	}
	return cars
}

// dfs places cat i and the rest after it.
func (s *search[C]) dfs(i int) {
	if i == len(s.wt) {
		s.improve()
		return
	}
	if s.wasted(i) {
		return
	}
	s.probe.Cut(s.kDecreasing)
	v, from := s.wt[i], 0
	if s.probe.Tracing() && s.decreasing && s.on.Has(prDecreasing) {
		s.probe.Why(prDecreasing, fmt.Sprintf("the cat of %d, the heaviest left", v))
	}
	if s.on.Has(prEqualCats) && i > 0 && v == s.wt[i-1] {
		from = s.after[i-1]
		if n := s.fits(from, v); n > 0 {
			s.probe.CutN(prEqualCats, n)
			if s.probe.Tracing() {
				s.probe.Why(prEqualCats, fmt.Sprintf("%d as heavy as the cat before: %s before car %d untried", v, plural(n, "car", "cars"), from+1))
			}
		}
	}
	if s.on.Has(prExactFit) {
		for j := from; j < len(s.load); j++ {
			if s.load[j]+v == s.w {
				if n := s.others(i, j, from); n > 0 {
					s.probe.CutN(prExactFit, n)
					if s.probe.Tracing() {
						s.probe.Why(prExactFit, fmt.Sprintf("%d fills car %d exactly: %s untried", v, j+1, plural(n, "other car", "other cars")))
					}
				}
				s.place(i, j, from)
				return
			}
		}
	}
	for j := from; j < len(s.load); j++ {
		l := s.load[j]
		if l+v > s.w {
			continue
		}
		if s.on.Has(prEqualLoad) && slices.Contains(s.load[from:j], l) {
			s.probe.Cut(prEqualLoad)
			if s.probe.Tracing() {
				s.probe.Why(prEqualLoad, fmt.Sprintf("%d in car %d: an earlier car has its load %d", v, j+1, l))
			}
			continue
		}
		s.place(i, j, j)
		if s.done {
			if s.bounded {
				s.untried(i, j+1, from)
			}
			return
		}
	}
	if s.on.Has(prNewCar) && len(s.load)+1 >= s.best {
		s.probe.Cut(prNewCar)
		if s.probe.Tracing() {
			s.probe.Why(prNewCar, fmt.Sprintf("%d in a new car: %d cars would not beat best %d", v, len(s.load)+1, s.best))
		}
		return
	}
	if s.stop() {
		return
	}
	s.load = append(s.load, v)
	s.car[i] = len(s.load) - 1
	s.after[i] = s.car[i]
	if s.probe.Tracing() {
		s.tracedDown(i)
	} else {
		s.dfs(i + 1)
	}
	s.load = s.load[:len(s.load)-1]
}

// others returns how many choices for cat i, besides car j, which it
// fills exactly, the search would try without exact-fit: the open cars
// from from on it fits in, but those equal-load skips, and a new car
// when new-car allows one.
func (s *search[C]) others(i, j, from int) int {
	if !s.probe.Counting() {
		return 0 // only a count reads it
	}
	v, n := s.wt[i], 0
	for k := from; k < len(s.load); k++ {
		l := s.load[k]
		if k == j || l+v > s.w || s.on.Has(prEqualLoad) && slices.Contains(s.load[from:k], l) {
			continue
		}
		n++
	}
	if !s.on.Has(prNewCar) || len(s.load)+1 < s.best {
		n++
	}
	return n
}

// improve keeps the packing on the path when it has fewer cars than the
// best (without new-car, a packing may use as many), and ends the search
// when it meets the lower bound.
func (s *search[C]) improve() {
	if len(s.load) >= s.best {
		return
	}
	s.best = len(s.load)
	copy(s.keep, s.car)
	s.probe.Found()
	if s.best <= s.lb {
		s.done, s.bounded = true, true // untried counts what it ends
	}
}

// untried counts the choices for cat i that the item search, ended by a
// packing that meets the bound, leaves untried: the open cars from j on
// that the other rules would try, and a new car; the bound's too.
func (s *search[C]) untried(i, j, from int) {
	if !s.probe.Counting() {
		return
	}
	n := 0
	v := s.wt[i]
	for k := j; k < len(s.load); k++ {
		if l := s.load[k]; l+v <= s.w && !(s.on.Has(prEqualLoad) && slices.Contains(s.load[from:k], l)) {
			n++
		}
	}
	if !s.on.Has(prNewCar) || len(s.load)+1 < s.best {
		n++
	}
	if n > 0 && s.kStop != trace.Unused {
		s.probe.CutN(s.kStop, n)
		if s.probe.Tracing() {
			s.probe.Why(s.kStop, fmt.Sprintf("%d cars meet the bound: %s for %d untried", s.best, plural(n, "more car", "more cars"), v))
		}
	}
}

// stopAt counts the bound that first fit's packing of best cars meets,
// which keeps the item search from starting.
func (s *search[C]) stopAt() {
	s.probe.Cut(s.kStop)
	if s.probe.Tracing() && s.kStop != trace.Unused {
		s.probe.Why(s.kStop, fmt.Sprintf("first fit's %d cars meet the bound: no search", s.best))
	}
}

// fits returns how many of the first n open cars have room for v.
func (s *search[C]) fits(n, v int) int {
	if !s.probe.Counting() {
		return 0 // only a count reads it
	}
	c := 0
	for _, l := range s.load[:n] {
		if l+v <= s.w {
			c++
		}
	}
	return c
}

// place puts cat i in open car j, the next equal cat taking a car from
// after on, searches on, and takes it out again.
func (s *search[C]) place(i, j, after int) {
	if s.stop() {
		return
	}
	s.load[j] += s.wt[i]
	s.car[i], s.after[i] = j, after
	if s.probe.Tracing() {
		s.tracedDown(i)
	} else {
		s.dfs(i + 1)
	}
	s.load[j] -= s.wt[i]
}

// tracedDown searches on from cat i, placed, as a decision of the traced
// tree.
func (s *search[C]) tracedDown(i int) {
	j := s.car[i]
	label := fmt.Sprintf("%d in car %d", s.wt[i], j+1)
	if s.load[j] == s.wt[i] { // every cat weighs at least 1: the car was empty
		label = fmt.Sprintf("%d in new car %d", s.wt[i], j+1)
	}
	s.probe.Enter(label)
	s.dfs(i + 1)
	s.probe.Leave()
}

// left returns the cats i.. (those not placed yet) as desc[lo:hi].
func (s *search[C]) left(i int) (lo, hi int) {
	if s.decreasing {
		return i, len(s.wt)
	}
	return 0, len(s.wt) - i
}

// wasted reports whether the cats i.. cannot complete a packing of fewer
// cars than the best, by the waste or by the crowding of the heaviest
// of them, each when it is on.
func (s *search[C]) wasted(i int) bool {
	lo, hi := s.left(i)
	if s.on.Has(prWaste) && s.wastes(lo, hi) {
		s.probe.Cut(prWaste)
		if s.probe.Tracing() {
			s.probe.Why(prWaste, fmt.Sprintf("the room the cats left cannot use leaves no packing of %d cars", s.best-1))
		}
		return true
	}
	if s.on.Has(prCrowding) && s.crowded(lo, hi) {
		s.probe.Cut(prCrowding)
		if s.probe.Tracing() {
			s.probe.Why(prCrowding, fmt.Sprintf("the heaviest cats left find no room in %d cars", s.best-1))
		}
		return true
	}
	return false
}

// wastes reports whether the room the cats left, desc[lo:hi], cannot use
// forces at least best cars. A car with less room than the lightest cat
// left wastes all of it; one with less room than the two lightest
// together takes at most one more cat, so it wastes at least its room
// less the heaviest cat left that fits (counting that cat for every such
// car only underestimates the waste).
func (s *search[C]) wastes(lo, hi int) bool {
	one, two := s.desc[hi-1], s.w+1
	if hi-lo >= 2 {
		two = s.desc[hi-1] + s.desc[hi-2]
	}
	waste := 0
	for _, l := range s.load {
		switch free := s.w - l; {
		case free < one:
			waste += free
		case free < two:
			waste += free - s.heaviestFit(lo, hi, free)
		}
	}
	return s.total+waste > (s.best-1)*s.w
}

// crowded reports whether the cats left, desc[lo:hi], cannot all find
// room: the t heaviest of them weigh at least c = desc[lo+t-1] each, so a
// car with room f takes at most f/c of them, and the open cars plus the
// cars still allowed (best-1 in all) must take t.
func (s *search[C]) crowded(lo, hi int) bool {
	spare := s.best - 1 - len(s.load) // new cars still allowed
	for t := lo; t < hi; t++ {
		c := s.desc[t]
		if t+1 < hi && s.desc[t+1] == c {
			continue // the last cat of a run of equal weights says more
		}
		room := spare * (s.w / c)
		for _, l := range s.load {
			room += (s.w - l) / c
		}
		if room < t-lo+1 {
			return true
		}
		if room >= hi-lo {
			return false // every lighter cat has at least this much room
		}
	}
	return false
}

// heaviestFit returns the heaviest weight of desc[lo:hi] that is at most
// room, or 0: a binary search, desc being sorted heaviest first.
func (s *search[C]) heaviestFit(lo, hi, room int) int {
	end := hi // the first cat at most room is in [lo, hi]
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if s.desc[mid] > room {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo == end {
		return 0
	}
	return s.desc[lo]
}

// stop counts a node, a cat placed, and reports whether the search must
// end: the context is done, or a packing met the lower bound.
func (s *search[C]) stop() bool {
	s.done = s.done || !s.tick.Tick()
	return s.done
}

// answer returns the best packing as cars of input positions.
func (s *search[C]) answer() cats.Answer {
	a := cats.Answer{Cars: make([][]int, s.best)}
	for i, c := range s.keep {
		a.Cars[c] = append(a.Cars[c], s.idx[i])
	}
	return a
}
