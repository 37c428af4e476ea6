package cats

import (
	"cmp"
	"context"
	"slices"

	"puzzlesat/internal/poll"
	"puzzlesat/puzzle"
	"puzzlesat/technique"
)

// Prunings returns the prunings of Solve, every one on by default. Those
// of bin completion need it; those of the item search (the search that
// -bin-completion selects) do nothing with bin completion on.
func Prunings() []technique.Pruning {
	return []technique.Pruning{
		{Name: "bin-completion", Category: technique.Order,
			Doc: "fill one car at a time, the heaviest cat left's, in every undominated way (off: the seed's item search, one cat at a time)"},
		{Name: "heaviest-first", Category: technique.Order, Needs: []string{"bin-completion"},
			Doc: "bin completion fills the car of the heaviest cat left, which has the fewest completions (off: the lightest's)"},
		{Name: "fullest-first", Category: technique.Order, Needs: []string{"bin-completion"},
			Doc: "a car's completions are tried fullest first, which finds packings soonest (off: as generated)"},
		{Name: "l2-bound", Category: technique.Bound,
			Doc: "the search starts from Martello and Toth's lower bound L2, and stops when a packing meets it (off: from ceil(sum/W))"},
		{Name: "first-fit", Category: technique.Bound,
			Doc: "first-fit decreasing gives the first packing, an upper bound on the cars (off: a car per cat)"},
		{Name: "waste", Category: technique.Feasibility,
			Doc: "room that no cat left can use is wasted, and no packing wastes more than k·W - sum (both searches)"},
		{Name: "lp-bound", Category: technique.Feasibility, Needs: []string{"bin-completion"},
			Doc: "cut a node whose cats need more cars than are left by the LP bound of Gilmore and Gomory (proved by Farley's bound)"},
		{Name: "nogoods", Category: technique.Learning, Needs: []string{"fullest-first"},
			Doc: "once a completion failed, no car below a later sibling holds all of its cats but the anchor (Korf 2003)"},
		{Name: "dominance", Category: technique.Redundancy, Needs: []string{"bin-completion"},
			Doc: "skip a completion some of whose cats a cat left out could replace (Martello and Toth's dominance)"},
		{Name: "new-car", Category: technique.Optimality,
			Doc: "item search: a cat opens a new car only while fewer than best-1 are open"},
		{Name: "equal-cats", Category: technique.Redundancy,
			Doc: "item search: a cat as heavy as the one before goes in the same car or a later one"},
		{Name: "equal-load", Category: technique.Redundancy,
			Doc: "item search: of the open cars with the same load only the first is tried"},
		{Name: "exact-fit", Category: technique.Redundancy,
			Doc: "item search: a cat that fills an open car exactly goes there and nowhere else"},
		{Name: "crowding", Category: technique.Feasibility,
			Doc: "item search: the heaviest cats left must find room in the open cars and the new cars still allowed"},
	}
}

// Solve returns the fewest cable cars of capacity p.W that carry every
// cat of p, with the cats of each car, and the nodes the search visited:
// the cars filled by bin completion, the cats placed by the item search.
// on switches the prunings of Prunings. It returns puzzle.ErrNoSolution
// when a cat is heavier than W (or W < 1), and ctx.Err() when ctx is done
// first.
func Solve(ctx context.Context, p puzzle.Cats, on technique.Set) (puzzle.CatsAnswer, int64, error) {
	s, ok := newSearch(ctx, p, on)
	if !ok {
		return puzzle.CatsAnswer{}, 0, puzzle.ErrNoSolution
	}
	s.run(ctx, on)
	nodes := s.tick.Steps()
	if err := cmp.Or(s.tick.Err(), s.err); err != nil {
		return puzzle.CatsAnswer{}, nodes, err
	}
	return s.answer(), nodes, nil
}

// search holds the cats sorted heaviest first, the best packing found
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
//     cars still allowed (crowding).
//
// Each cut is sound alone, so that any of them may be switched off.
type search struct {
	tick   poll.Ticker // counts the nodes
	w      int
	wt     []int // weights, heaviest first
	idx    []int // idx[i]: the input position of the cat of weight wt[i]
	half   int   // the first cat of weight at most W/2
	suffix []int // suffix[i]: the sum of wt[i:]
	total  int   // the sum of the weights
	lb     int   // no packing has fewer cars
	load   []int // load of each open car on the current path
	car    []int // car of each cat on the current path
	after  []int // after[i]: the first car the cat after i may take if equal
	best   int   // cars of the best packing so far
	keep   []int // car of each cat in the best packing
	done   bool  // best meets lb, or the context is done
	err    error // the context's error, when bin completion saw it
	cheap  int64 // node budget of bin completion's cheap passes

	// The switches of the item search.
	newCar, equalCats, equalLoad, exactFit, waste, crowding bool
}

func newSearch(ctx context.Context, p puzzle.Cats, on technique.Set) (*search, bool) {
	n := len(p.Weights)
	if n == 0 || p.W < 1 {
		return nil, false
	}
	s := &search{tick: poll.New(ctx), w: p.W, cheap: binsCheapNodes,
		newCar: !on.Off("new-car"), equalCats: !on.Off("equal-cats"), equalLoad: !on.Off("equal-load"),
		exactFit: !on.Off("exact-fit"), waste: !on.Off("waste"), crowding: !on.Off("crowding")}
	s.idx = make([]int, n)
	for i := range s.idx {
		s.idx[i] = i
		if p.Weights[i] > p.W || p.Weights[i] < 1 {
			return nil, false
		}
		s.total += p.Weights[i]
	}
	slices.SortStableFunc(s.idx, func(a, b int) int { return p.Weights[b] - p.Weights[a] })
	s.wt = make([]int, n)
	for i, j := range s.idx {
		s.wt[i] = p.Weights[j]
	}
	s.suffix = make([]int, n+1)
	for i := n - 1; i >= 0; i-- {
		s.suffix[i] = s.suffix[i+1] + s.wt[i]
	}
	for s.half < n && 2*s.wt[s.half] > s.w {
		s.half++
	}
	s.load = make([]int, 0, n)
	s.car = make([]int, n)
	s.after = make([]int, n)
	if on.Off("l2-bound") {
		s.lb = (s.total + s.w - 1) / s.w
	} else {
		s.lb = p.LowerBound()
	}
	return s, true
}

// run packs the cats first fit decreasing (or one per car, without
// first-fit), then searches for better.
func (s *search) run(ctx context.Context, on technique.Set) {
	if on.Off("first-fit") {
		s.keep = make([]int, len(s.wt))
		for i := range s.keep {
			s.keep[i] = i
		}
	} else {
		s.keep = s.firstFit()
	}
	s.best = slices.Max(s.keep) + 1
	if s.best <= s.lb {
		return
	}
	if on.Off("bin-completion") {
		s.dfs(0)
		return
	}
	s.binCompletion(ctx, on)
}

// binCompletion asks bin completion for k cars, from the lower bound up
// to one below the best packing, and keeps the first packing it finds.
func (s *search) binCompletion(ctx context.Context, on technique.Set) {
	b := newBinSearch(ctx, &s.tick, s.w, s.wt, on)
	b.cheap = s.cheap
	for k := s.lb; k < s.best; k++ {
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
		k = max(k, b.lpBound-1) // the LP proved more at the root
	}
}

// keepCars records the packing of bin completion, cars of counts per
// distinct weight, as the car of each cat.
func (s *search) keepCars(cars [][]pair) {
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
func (s *search) firstFit() []int {
	var loads []int
	cars := make([]int, len(s.wt))
	for i, v := range s.wt {
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
func (s *search) dfs(i int) {
	if s.stop() {
		return
	}
	if i == len(s.wt) {
		// Without new-car, a packing may use as many cars as the best.
		if len(s.load) < s.best {
			s.best = len(s.load)
			copy(s.keep, s.car)
			s.done = s.best <= s.lb
		}
		return
	}
	if s.wasted(i) {
		return
	}
	v, from := s.wt[i], 0
	if s.equalCats && i > 0 && v == s.wt[i-1] {
		from = s.after[i-1]
	}
	if s.exactFit {
		for j := from; j < len(s.load); j++ {
			if s.load[j]+v == s.w {
				s.place(i, j, from)
				return
			}
		}
	}
	for j := from; j < len(s.load); j++ {
		if l := s.load[j]; l+v > s.w || s.equalLoad && slices.Contains(s.load[from:j], l) {
			continue
		}
		s.place(i, j, j)
		if s.done {
			return
		}
	}
	if !s.newCar || len(s.load)+1 < s.best {
		s.load = append(s.load, v)
		s.car[i] = len(s.load) - 1
		s.after[i] = s.car[i]
		s.dfs(i + 1)
		s.load = s.load[:len(s.load)-1]
	}
}

// place puts cat i in open car j, the next equal cat taking a car from
// after on, searches on, and takes it out again.
func (s *search) place(i, j, after int) {
	s.load[j] += s.wt[i]
	s.car[i], s.after[i] = j, after
	s.dfs(i + 1)
	s.load[j] -= s.wt[i]
}

// wasted reports whether the room the cats left (i and after) cannot use
// forces at least best cars. A car with less room than the lightest cat
// left wastes all of it; one with less room than the two lightest
// together takes at most one more cat, so it wastes at least its room
// less the heaviest cat left that fits (counting that cat for every such
// car only underestimates the waste). It also reports crowded's answer:
// each of the two cuts when it is on.
func (s *search) wasted(i int) bool {
	if !s.waste {
		return s.crowding && s.crowded(i)
	}
	n := len(s.wt)
	one, two := s.wt[n-1], s.w+1
	if i < n-1 {
		two = s.wt[n-1] + s.wt[n-2]
	}
	waste := 0
	for _, l := range s.load {
		switch free := s.w - l; {
		case free < one:
			waste += free
		case free < two:
			waste += free - s.heaviestFit(i, free)
		}
	}
	return s.total+waste > (s.best-1)*s.w || s.crowding && s.crowded(i)
}

// crowded reports whether the cats i.. cannot all find room: the t
// heaviest of them weigh at least c = wt[i+t-1] each, so a car with room f
// takes at most f/c of them, and the open cars plus the cars still allowed
// (best-1 in all) must take t.
func (s *search) crowded(i int) bool {
	spare := s.best - 1 - len(s.load) // new cars still allowed
	for t := i; t < len(s.wt); t++ {
		c := s.wt[t]
		if t+1 < len(s.wt) && s.wt[t+1] == c {
			continue // the last cat of a run of equal weights says more
		}
		room := spare * (s.w / c)
		for _, l := range s.load {
			room += (s.w - l) / c
		}
		if room < t-i+1 {
			return true
		}
		if room >= len(s.wt)-i {
			return false // every lighter cat has at least this much room
		}
	}
	return false
}

// heaviestFit returns the heaviest weight among cats i.. that is at most
// room, or 0: a binary search, the weights being sorted heaviest first.
func (s *search) heaviestFit(i, room int) int {
	lo, hi := i, len(s.wt) // the first cat at most room is in [lo, hi]
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if s.wt[mid] > room {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo == len(s.wt) {
		return 0
	}
	return s.wt[lo]
}

// stop counts a node and reports whether the search must end: the
// context is done, or a packing met the lower bound.
func (s *search) stop() bool {
	s.done = s.done || !s.tick.Tick()
	return s.done
}

// answer returns the best packing as cars of input positions.
func (s *search) answer() puzzle.CatsAnswer {
	a := puzzle.CatsAnswer{Cars: make([][]int, s.best)}
	for i, c := range s.keep {
		a.Cars[c] = append(a.Cars[c], s.idx[i])
	}
	return a
}
