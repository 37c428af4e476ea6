package engine

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/puzzlesat/puzzlesat/internal/poll"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

// Tuning constants of the bin-completion search.
const (
	// binsCheapNodes is the node budget of the first pass at each number
	// of cars, without the LP bound: most feasible questions are answered
	// in a few dozen nodes, where the LP would cost more than the search.
	binsCheapNodes = 2000
	// binsDomSubsets bounds the subsets of a completion that the
	// dominance test tries: past it a completion is kept, which only
	// costs pruning.
	binsDomSubsets = 1024
	// binsMaxComps bounds the completions a node holds at once (see
	// fill), so that memory stays proportional to the depth.
	binsMaxComps = 1 << 14
	// binsLPIters bounds the simplex iterations of one LP bound.
	binsLPIters = 2000
	// binsPool bounds the pool of dual solutions tried at every node
	// (binSearch.pool); the newest replace the oldest.
	binsPool = 64
)

// pair is cnt cats of the weight vals[idx].
type pair struct{ idx, cnt int32 }

// completion is one way to fill the car of the heaviest cat left: the
// cats in items[from:to] of the search (the anchor included), idx
// ascending, of total weight load.
type completion struct {
	load     int
	from, to int32
}

// binSearch decides whether the cats fit in k cars by bin completion
// (Korf, "A new algorithm for optimal bin packing", AAAI 2002; Fukunaga
// and Korf, "Bin completion algorithms for multicontainer packing,
// knapsack, and covering problems", JAIR 28, 2007): it fills one car at a
// time, the car of the heaviest cat left (the anchor), trying every
// undominated way to complete it, fullest first. Equal cats are grouped,
// so a state is the count left of each distinct weight. A node
// (Stats.Nodes) is one car filled (a call of fill).
//
// Cuts, each sound for the question "do the cats left fit in the cars
// left" (see fill for why they may be combined, and why any of them may
// be left out), each named by its pruning:
//   - waste: a packing into k cars leaves k·W - sum of room, so no car
//     may waste more than what is left of it;
//   - dominance (Martello and Toth, "Lower bounds and reduction procedures
//     for the bin packing problem", 1990): a completion is skipped when a
//     cat left out could replace some of its cats (or just join it): any
//     packing that uses it becomes one as good that uses the other,
//     by swapping those cats with that one in its car;
//   - nogoods (Korf, "An improved algorithm for optimal bin packing",
//     IJCAI 2003): once a completion C of the anchor x failed, no car
//     below a later (no heavier: fullest-first) sibling holds all of C
//     but x: swapping those cats with the sibling's would give a packing
//     below C;
//   - lp-bound: the cats left need more cars than are left, by the LP
//     bound (relaxation) or one of the dual solutions it found before;
//   - maximal: a completion that leaves room for a cat left out is
//     skipped: the car with that cat too is as good (dominance with
//     nothing to replace).
//
// The anchor is the heaviest cat left (heaviest-first) or the lightest:
// every cat left is in some car, so any anchor's car may be filled first,
// and the cuts hold whatever its weight.
type binSearch[C trace.Counts] struct {
	nodes *poll.Ticker // counts the nodes
	steps poll.Ticker  // counts steps of generation, so that it also sees the context
	w     int
	vals  []int // distinct weights, heaviest first
	cnt   []int // cats left of each weight
	k     int   // cars allowed
	// budget is the room the cars may still waste: k·W less the weights
	// and the room wasted by the cars filled so far.
	budget int
	limit  int64 // a cheap pass stops past this node count
	full   bool  // the pass is not cheap: no limit, and the LP unless noLP
	lp     *relaxation
	// pool holds the last binsPool dual solutions that proved an LP
	// bound: each is a dual-feasible function of the weights for the
	// whole instance, so it bounds every state of every pass (see
	// newLP); pooled is how many were ever added.
	pool    [][]float64
	pooled  int
	cheap   int64 // node budget of the cheap pass
	lpBound int   // the largest bound the LP proved at the root

	on technique.Bits // the prunings on, indexed by the constants of Prunings

	probe *trace.Probe[C] // the search's cuts, and its tree when traced
	// The count of heaviest-first, trace.Unused when it is off (it
	// counts without a test), and where generate counts a branch the
	// waste cuts: trace.Unused but in the last band, which is the only
	// one whose end is the budget.
	kHeaviest, kWaste int

	// Scratch of the node being generated.
	anchor    int
	lo, hi    int     // the band of waste being generated
	made      int     // completions generated in the band
	most      int     // the most completions the band may have
	avail     []int   // cats of each weight that may join the anchor
	take      []int   // the completion being built, without the anchor
	chosen    []int32 // the indices j with take[j] > 0, ascending
	suf       []int   // suf[j]: Σ avail·vals over j..
	next      []int   // next[j]: the first index from j on with cats available
	prev      []int   // prev[j]: the last index before j with cats available, or -1
	subsets   int     // dominance subsets left to try
	comps     []completion
	items     []pair // the cats of comps
	nogoods   []completion
	ngItems   []pair
	cars      [][]pair // after a success: the cars, the last filled first
	over      bool     // the node limit was reached
	cancelled bool     // the context is done
}

// newBinSearch returns the search for the cats wt, heaviest first, that
// counts its nodes in nodes and its cuts in probe, with the prunings on.
func newBinSearch[C trace.Counts](ctx context.Context, nodes *poll.Ticker, probe *trace.Probe[C], w int, wt []int, on technique.Bits) *binSearch[C] {
	s := &binSearch[C]{nodes: nodes, steps: poll.New(ctx), w: w, probe: probe, on: on,
		kHeaviest: trace.Unused}
	if s.on.Has(prHeaviestFirst) {
		s.kHeaviest = prHeaviestFirst
	}
	for i, v := range wt {
		if i == 0 || v != wt[i-1] {
			s.vals = append(s.vals, v)
			s.cnt = append(s.cnt, 0)
		}
		s.cnt[len(s.cnt)-1]++
	}
	s.lp = newLP(w, s.vals, s.cnt)
	d := len(s.vals)
	s.avail = make([]int, d)
	s.take = make([]int, d)
	s.suf = make([]int, d+1)
	s.next = make([]int, d+1)
	s.prev = make([]int, d+1)
	return s
}

// decide reports whether the cats fit in k cars, whose room exceeds the
// weights by spare. It runs a cheap pass without the LP bound, then, if
// that ran out of nodes, a full one (with the LP bound when on). On
// success, cars holds the packing.
func (s *binSearch[C]) decide(k, spare int) bool {
	if !s.nodes.Look() {
		s.cancelled = true
		return false
	}
	s.k = k
	s.full, s.over = false, false
	s.limit = s.nodes.Steps() + s.cheap
	if ok := s.run(spare); ok || !s.over || s.cancelled {
		return ok
	}
	s.full, s.over = true, false
	return s.run(spare)
}

// run searches once from the root; in a cheap pass, nodes past the
// limit end it with over set. Traced, the pass is a level below the
// root, its cars the decisions.
func (s *binSearch[C]) run(spare int) bool {
	s.budget = spare
	s.cars = s.cars[:0]
	s.nogoods, s.ngItems = s.nogoods[:0], s.ngItems[:0]
	if !s.probe.Tracing() {
		return s.fill(0)
	}
	s.probe.Level(s.passLabel())
	ok := s.fill(0)
	s.probe.Leave()
	return ok
}

// passLabel says what the pass asks.
func (s *binSearch[C]) passLabel() string {
	switch {
	case !s.full:
		return fmt.Sprintf("%d cars?", s.k)
	case s.on.Has(prLPBound):
		return fmt.Sprintf("%d cars? again, with the LP bound", s.k)
	}
	return fmt.Sprintf("%d cars? again, with no node limit", s.k)
}

// fill fills the car of the heaviest cat left, depth cars being full,
// and the cars after it.
//
// Why the cuts may be combined: order the packings of the cats left by
// the sequence, car after car as fill meets them, of each car's rank
// among the completions fill tries at that depth (infinite for one it
// does not try), lexicographically. A smallest packing is never cut:
// were its car at some depth not tried (dominated, or not maximal),
// swapping as the dominance says gives a completion that is tried, a
// smaller sequence; were it refused by the nogood of an earlier sibling
// C at a shallower depth, the swap of the nogood gives C there, a smaller
// sequence again; the bounds cut states with no packing at all. The
// argument needs no cut but nogoods' swap, which needs siblings tried
// fullest first, so any cut may be left out; and it holds for any anchor.
func (s *binSearch[C]) fill(depth int) bool {
	if !s.full && s.nodes.Steps() > s.limit {
		s.over = true
		return false
	}
	a := s.anchorOf()
	if a < 0 {
		s.probe.Found()
		return true
	}
	s.probe.Cut(s.kHeaviest)
	if s.probe.Tracing() && s.on.Has(prHeaviestFirst) {
		s.probe.Why(prHeaviestFirst, fmt.Sprintf("car %d: the heaviest cat left, %d, first", depth+1, s.vals[a]))
	}
	// With waste, the budget runs out first; without, cats left over
	// once every car is full mean no packing.
	if depth == s.k || s.bounded(depth) {
		return false
	}
	ancestors, ngFrom := len(s.nogoods), len(s.ngItems)
	defer func() { s.nogoods, s.ngItems = s.nogoods[:ancestors], s.ngItems[:ngFrom] }()
	// The completions come in bands of waste lo..hi, fullest band first,
	// so that a node never holds more than binsMaxComps of them: a band
	// with more is halved.
	budget := s.budget
	if !s.on.Has(prWaste) {
		budget = s.w - s.vals[a] // the room of the anchor's car
	} else if budget < 0 {
		// The cars filled wasted more than k·W - sum: no car is tried.
		s.probe.Cut(prWaste)
		if s.probe.Tracing() {
			s.probe.Why(prWaste, fmt.Sprintf("%d cars hold %d less than the cats weigh", s.k, -budget))
		}
		return false
	}
	for lo, width := 0, budget+1; lo <= budget; {
		hi := lo + min(width, budget-lo+1) - 1
		from, itemsFrom := len(s.comps), len(s.items)
		full := s.generate(a, lo, hi)
		if s.cancelled {
			s.comps, s.items = s.comps[:from], s.items[:itemsFrom]
			return false
		}
		if !full && hi > lo {
			s.comps, s.items = s.comps[:from], s.items[:itemsFrom]
			width = (hi - lo + 2) / 2
			continue
		}
		ok := s.try(depth, a, from, ancestors)
		s.comps, s.items = s.comps[:from], s.items[:itemsFrom]
		if ok || s.over || s.cancelled {
			return ok
		}
		lo, width = hi+1, 2*width
	}
	return false
}

// try fills the car with each completion comps[from:] in turn, fullest
// first, and the cars after it, until one succeeds. The first ancestors
// nogoods are those of the shallower nodes; the others, of the earlier
// bands of this node, apply to the cars below only.
func (s *binSearch[C]) try(depth, a, from, ancestors int) bool {
	// Fullest first: that finds packings soonest and makes the nogoods
	// sound (a later sibling is never heavier).
	if s.on.Has(prFullestFirst) && len(s.comps)-from > 1 {
		s.probe.Cut(prFullestFirst)
		if s.probe.Tracing() {
			s.probe.Why(prFullestFirst, fmt.Sprintf("car %d: %d completions, fullest first", depth+1, len(s.comps)-from))
		}
		slices.SortStableFunc(s.comps[from:], func(x, y completion) int { return y.load - x.load })
	}
	for c := from; c < len(s.comps); c++ {
		cp := s.comps[c]
		items := s.items[cp.from:cp.to]
		if s.blocked(items, ancestors) {
			s.probe.Cut(prNogoods)
			if s.probe.Tracing() {
				s.probe.Why(prNogoods, s.carLabel(depth, items, s.w-cp.load)+": holds the cats of a failed sibling but its anchor")
			}
			continue
		}
		if !s.nodes.Tick() {
			s.cancelled = true
			return false
		}
		waste := s.w - cp.load
		for _, p := range items {
			s.cnt[p.idx] -= int(p.cnt)
		}
		s.budget -= waste
		var ok bool
		if s.probe.Tracing() {
			s.probe.Enter(s.carLabel(depth, items, waste))
			ok = s.fill(depth + 1)
			s.probe.Leave()
		} else {
			ok = s.fill(depth + 1)
		}
		s.budget += waste
		for _, p := range items {
			s.cnt[p.idx] += int(p.cnt)
		}
		switch {
		case ok:
			s.cars = append(s.cars, slices.Clone(items))
			return true
		case s.over || s.cancelled:
			return false
		case s.on.Has(prNogoods):
			s.addNogood(items, a)
		}
	}
	return false
}

// addNogood records the cats of a failed completion but one anchor.
func (s *binSearch[C]) addNogood(items []pair, a int) {
	from := len(s.ngItems)
	for _, p := range items {
		if int(p.idx) == a {
			p.cnt--
		}
		if p.cnt > 0 {
			s.ngItems = append(s.ngItems, p)
		}
	}
	if len(s.ngItems) == from {
		return // the anchor alone: no car below holds nothing
	}
	s.nogoods = append(s.nogoods, completion{from: int32(from), to: int32(len(s.ngItems))})
}

// blocked reports whether the car items holds all the cats of one of the
// first n nogoods.
func (s *binSearch[C]) blocked(items []pair, n int) bool {
	for _, ng := range s.nogoods[:n] {
		if holds(items, s.ngItems[ng.from:ng.to]) {
			return true
		}
	}
	return false
}

// holds reports whether the multiset items holds sub; both are sorted by
// idx.
func holds(items, sub []pair) bool {
	i := 0
	for _, q := range sub {
		for i < len(items) && items[i].idx < q.idx {
			i++
		}
		if i == len(items) || items[i].idx != q.idx || items[i].cnt < q.cnt {
			return false
		}
	}
	return true
}

// bounded reports whether the cats left need more than the k-depth cars
// left, by a dual solution in the pool or, in a full pass, the LP.
func (s *binSearch[C]) bounded(depth int) bool {
	cars := s.k - depth
	for _, y := range s.pool {
		sum := 0.0
		for j, c := range s.cnt {
			sum += float64(c) * y[j]
		}
		if sum-lpTolerance > float64(cars) {
			s.probe.Cut(prLPBound)
			if s.probe.Tracing() {
				s.probe.Why(prLPBound, fmt.Sprintf("a kept LP dual: the cats left need more than %d cars", cars))
			}
			return true
		}
	}
	if !s.full || !s.on.Has(prLPBound) {
		return false
	}
	b, y := s.lp.bound(s.cnt, cars, binsLPIters, &s.steps)
	if s.steps.Err() != nil {
		s.cancelled = true
		return true
	}
	if b <= cars {
		return false
	}
	if len(s.pool) < binsPool {
		s.pool = append(s.pool, y)
	} else {
		s.pool[s.pooled%binsPool] = y
	}
	s.pooled++
	if depth == 0 {
		s.lpBound = max(s.lpBound, b)
	}
	s.probe.Cut(prLPBound)
	if s.probe.Tracing() {
		s.probe.Why(prLPBound, fmt.Sprintf("LP: the cats left need %d cars, more than the %d left", b, cars))
	}
	return true
}

// carLabel says what filling the car after depth full ones with the cats
// items, wasting waste, is: "car 3: 44+31+25", the weights with their
// counts when many are equal.
func (s *binSearch[C]) carLabel(depth int, items []pair, waste int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "car %d: ", depth+1)
	for i, p := range items {
		if i > 0 {
			b.WriteByte('+')
		}
		v := s.vals[p.idx]
		if p.cnt > 3 {
			fmt.Fprintf(&b, "%d×%d", p.cnt, v)
			continue
		}
		for t := range p.cnt {
			if t > 0 {
				b.WriteByte('+')
			}
			fmt.Fprint(&b, v)
		}
	}
	if waste > 0 {
		fmt.Fprintf(&b, " (room %d)", waste)
	}
	return b.String()
}

// generate appends to comps the completions of the car of the anchor
// (the cat of weight vals[a]) that waste lo..hi of room (hi at most the
// budget), are maximal (no cat left fits in the room they leave; with
// maximal) and pass the dominance test (with dominance). It stops and
// reports false when it would hold more than binsMaxComps, unless
// lo = hi.
func (s *binSearch[C]) generate(a, lo, hi int) bool {
	d := len(s.vals)
	copy(s.avail, s.cnt)
	s.avail[a]--
	s.suf[d] = 0
	s.next[d] = d
	for j := d - 1; j >= 0; j-- {
		s.suf[j] = s.suf[j+1] + s.avail[j]*s.vals[j]
		s.next[j] = s.next[j+1]
		if s.avail[j] > 0 {
			s.next[j] = j
		}
	}
	s.prev[0] = -1
	for j := range d {
		s.prev[j+1] = s.prev[j]
		if s.avail[j] > 0 {
			s.prev[j+1] = j
		}
	}
	clear(s.take)
	s.chosen = s.chosen[:0]
	s.anchor, s.lo, s.hi, s.made = a, lo, hi, 0
	s.kWaste = trace.Unused
	if s.on.Has(prWaste) && hi == s.budget {
		s.kWaste = prWaste
	}
	s.most = binsMaxComps
	if lo == hi {
		s.most = math.MaxInt // a band of one waste is never split
	}
	from := 0 // with heaviest-first, no cat left is heavier than the anchor
	if s.on.Has(prHeaviestFirst) {
		from = a
	}
	s.gen(from, s.w-s.vals[a], s.w+1)
	return s.made <= s.most
}

// anchorOf returns the index of the weight of the anchor, the heaviest
// cat left or (without heaviest-first) the lightest; -1 when no cat is
// left.
func (s *binSearch[C]) anchorOf() int {
	if s.on.Has(prHeaviestFirst) {
		return slices.IndexFunc(s.cnt, func(c int) bool { return c > 0 })
	}
	for j := len(s.cnt) - 1; j >= 0; j-- {
		if s.cnt[j] > 0 {
			return j
		}
	}
	return -1
}

// gen chooses how many cats of each weight from index j on join the car,
// room being left; every cat left out so far weighs at least excl, so
// the final room must be below excl (maximality) and within the band.
func (s *binSearch[C]) gen(j, room, excl int) {
	if !s.steps.Tick() {
		s.cancelled = true
		return
	}
	if room < s.lo || s.made > s.most {
		return // more cats only leave less room
	}
	d := len(s.vals)
	// Weights that no longer fit are left out: the lightest of them with
	// cats left bounds the room.
	k := s.fitting(j, room)
	if p := s.prev[k]; p >= j {
		excl = s.vals[p]
	}
	j = s.next[k]
	need := s.hi // the most room the car may keep
	if s.on.Has(prMaximal) {
		need = min(need, excl-1)
	}
	if j == d {
		if room <= need {
			s.emit(room)
		} else {
			s.cutRoom(room, excl)
		}
		return
	}
	// Even every cat from j on cannot fill the car enough.
	if least := room - min(room, s.suf[j]); least > need {
		s.cutRoom(least, excl)
		return
	}
	v := s.vals[j]
	s.chosen = append(s.chosen, int32(j))
	for t := min(s.avail[j], room/v); t >= 0 && !s.cancelled; t-- {
		s.take[j] = t
		e := excl
		if t < s.avail[j] {
			e = v
		}
		if t == 0 {
			s.chosen = s.chosen[:len(s.chosen)-1]
		}
		s.gen(j+1, room-t*v, e)
	}
	s.take[j] = 0
}

// cutRoom counts a branch of generate cut because the car keeps at least
// least room: maximal's when a cat left out, of weight excl or more,
// fits there, else the band's, which is the waste's in the last band.
func (s *binSearch[C]) cutRoom(least, excl int) {
	if s.on.Has(prMaximal) && least >= excl {
		s.probe.Cut(prMaximal)
		if s.probe.Tracing() {
			s.probe.Why(prMaximal, fmt.Sprintf("room %d left for a cat of %d", least, excl))
		}
		return
	}
	s.probe.Cut(s.kWaste)
	if s.probe.Tracing() && s.kWaste == prWaste {
		s.probe.Why(prWaste, fmt.Sprintf("room %d kept, more than the %d the cars may waste", least, s.hi))
	}
}

// emit records the completion in take, with room left, unless it is
// dominated. Its items are sorted by index, the anchor among them.
func (s *binSearch[C]) emit(room int) {
	s.subsets = binsDomSubsets
	if s.on.Has(prDominance) && s.dominated(0, 0, 0, room) {
		s.probe.Cut(prDominance)
		if s.probe.Tracing() {
			s.probe.Why(prDominance, "a cat left out could replace some of its cats")
		}
		return
	}
	from := len(s.items)
	a := int32(s.anchor)
	in := false // the anchor's weight is in items
	for _, j := range s.chosen {
		if !in && j >= a {
			if j > a {
				s.items = append(s.items, pair{a, 1})
			}
			in = true
		}
		t := int32(s.take[j])
		if j == a {
			t++
		}
		s.items = append(s.items, pair{j, t})
	}
	if !in {
		s.items = append(s.items, pair{a, 1})
	}
	s.comps = append(s.comps, completion{load: s.w - room, from: int32(from), to: int32(len(s.items))})
	s.made++
}

// dominated reports whether some of the cats of the completion from the
// k-th chosen weight on (sum of them chosen so far, n of them), without
// the anchor, can be replaced by one cat left out y with sum ≤ y ≤
// sum+room: then the car with y in their place is as good (Martello and
// Toth's dominance). Swapping a cat for an equal one does not count.
func (s *binSearch[C]) dominated(k, sum, n, room int) bool {
	if s.subsets <= 0 {
		return false
	}
	s.subsets--
	if k == len(s.chosen) {
		return n > 0 && s.leftOutIn(sum, sum+room, n)
	}
	j := s.chosen[k]
	for t := 0; t <= s.take[j]; t++ {
		if t > 0 && sum+t*s.vals[j] > s.vals[0] {
			break // no cat weighs more than the heaviest
		}
		if s.dominated(k+1, sum+t*s.vals[j], n+t, room) {
			return true
		}
	}
	return false
}

// leftOutIn reports whether a cat left out of the completion weighs in
// lo..hi, other than one equal to the single cat (n = 1) of weight lo.
func (s *binSearch[C]) leftOutIn(lo, hi, n int) bool {
	for j := s.fitting(0, hi); j < len(s.vals) && s.vals[j] >= lo; j++ {
		if s.avail[j] > s.take[j] && (n > 1 || s.vals[j] > lo) {
			return true
		}
	}
	return false
}

// fitting returns the first index from j on whose weight is at most
// room (len(vals) if none), by binary search: the weights are sorted
// heaviest first.
func (s *binSearch[C]) fitting(j, room int) int {
	return j + sort.Search(len(s.vals)-j, func(t int) bool { return s.vals[j+t] <= room })
}
