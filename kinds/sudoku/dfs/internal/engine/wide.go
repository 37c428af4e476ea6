package engine

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/puzzlesat/puzzlesat/internal/addrspace"
	"github.com/puzzlesat/puzzlesat/internal/poll"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

// The search for 36x36 to 400x400 grids. A state copy would cost S³ bits
// per node (800 KB at 400x400), so the state changes in place and a trail
// of what changed undoes it: a node costs what its propagation changes.
//
// The constraints are the n = S² cells (exactly one symbol) and the 3n
// unit symbols (symbol v exactly once in unit u), each with a count of
// the options it has left: candidates of a cell, places of a unit symbol.
// A constraint is open until it is met: a cell when its symbol is placed,
// a unit symbol when a cell of the unit takes it. Open constraints sit in
// buckets by count, so the one with the fewest options is found without
// scanning the grid.

// wideSearch is one depth-first search on one grid.
type wideSearch[C trace.Counts] struct {
	tick            poll.Ticker // looks at the context every poll.Every placements and nodes: a placement at 400x400 checks 1,200 cells, so a thousand take about a millisecond
	box, side, n, w int
	cand            []uint64 // n*w: the candidates of each cell, bit v for symbol v+1
	count           []int32  // 4n: options left per constraint: cells, then unit symbols u*side+v
	open            []bool   // 4n: the constraint is not met yet
	next, prev      []int32  // 4n: the bucket lists of open constraints
	head            []int32  // 2*(side+1): the first cell, then unit symbol, with k options
	unitAt          []int32  // 3n: the constraint index n+u*side of each cell's row, column and box
	units           []int32  // 3n: the cells of unit u at u*side
	slot            []int32  // 3n: where cell c stands in its row, column and box
	places          []uint64 // 3*side*side*w: per unit symbol u*side+v, the slots of the unit that still have v
	trail           []uint32 // what changed: c<<9|v removals, and wideSettle|c<<9|v placements
	queue           []int32  // open constraints down to one option
	placed          int      // cells whose symbol is placed
	nodes, maxNodes int64
	limit, found    int
	answer          []int16
	err             error
	weight          []float64 // 4n: failures seen per constraint, kept across restarts, recent ones weighing more
	bump            float64   // what a failure adds to a weight
	rng             *rand.Rand
	restarts        int
	fails           int64    // failures left before the search gives up; 0 or less: no limit
	learn           *learner // reasons and learnt nogoods, when the search learns (see learn.go)
	// The prunings on, by the Cut constants, and the fewest options a
	// choice may have: 1 when a single is not placed at once.
	on         technique.Bits
	minOptions int
	// cuts counts the prunings' acts, and records the tree when
	// Tracing: the search then enters its decisions and levels, and
	// says what its cuts removed. deadAt is where a constraint left
	// without options counts: the check is always on here (it is how
	// learning finds its failures), so with dead-cell off it counts
	// nowhere seen.
	cuts   trace.Probe[C]
	deadAt int
}

// wideSettle marks a placement in the trail.
const wideSettle = 1 << 31

// runWide solves or counts p with wideSearch and the prunings on.
func runWide[C trace.Counts](ctx context.Context, p sudoku.Instance, limit int, maxNodes int64, on technique.Bits, sink trace.Sink) Result {
	return runWideAfter[C](ctx, p, limit, maxNodes, on, sink, plainFails)
}

// runWideAfter is runWide where the plain search of a solve gives up for
// the learning one after fails failures.
func runWideAfter[C trace.Counts](ctx context.Context, p sudoku.Instance, limit int, maxNodes int64, on technique.Bits, sink trace.Sink, fails int64) Result {
	s := newWide[C](ctx, p.Box, limit, maxNodes, on, sink)
	learn := limit == 1 && p.Box <= learnMaxBox && on.Has(CutLearning)
	if learn {
		// Most grids fall to a short plain search; recording reasons
		// from the start costs more than that search on them.
		s.fails = fails
	}
	if s.start(p.Cells) && s.propagate() {
		s.search()
	}
	if !learn || s.err != errGaveUp {
		return Result{s.found, s.answer, s.nodes, s.err, s.cuts.Counts(NumCuts)}
	}
	nodes, plain := s.nodes, &s.cuts
	s = newWide[C](ctx, p.Box, limit, maxNodes-nodes, on, sink)
	s.cuts.Add(plain)
	s.learn = newLearner(s)
	if s.cuts.Tracing() {
		s.cuts.Level(fmt.Sprintf("again, learning nogoods (after %d failures)", fails))
		defer s.cuts.Leave()
	}
	if s.start(p.Cells) {
		s.searchLearnt()
	}
	return Result{s.found, s.answer, nodes + s.nodes, s.err, s.cuts.Counts(NumCuts)}
}

// plainFails is how many failures the plain search meets before
// it gives up for the learning search, where that search may run.
const plainFails = 2000

// errGaveUp ends a plain search that met its failures.
var errGaveUp = errors.New("sudoku search: failure budget spent")

func newWide[C trace.Counts](ctx context.Context, box, limit int, maxNodes int64, on technique.Bits, sink trace.Sink) *wideSearch[C] {
	side := box * box
	n := side * side
	s := &wideSearch[C]{
		tick: poll.New(ctx), box: box, side: side, n: n, w: (side + 63) / 64,
		count: make([]int32, 4*n), open: make([]bool, 4*n),
		next: make([]int32, 4*n), prev: make([]int32, 4*n),
		head:   make([]int32, 2*(side+1)),
		unitAt: make([]int32, 3*n), units: make([]int32, 3*n),
		limit: limit, maxNodes: maxNodes,
		weight: make([]float64, 4*n), bump: 1,
		rng: rand.New(rand.NewPCG(uint64(box), 0x5eed)),
		on:  on, minOptions: 2,
		deadAt: CutDeadCell,
	}
	if !on.Has(CutDeadCell) {
		s.deadAt = trace.Unused
	}
	s.cuts.Start(sink)
	if !on.Has(CutNakedSingles) || !on.Has(CutHiddenSingles) {
		s.minOptions = 1
	}
	s.cand = make([]uint64, n*s.w)
	s.slot = make([]int32, 3*n)
	s.places = make([]uint64, 3*side*side*s.w)
	for c := range n {
		r, col := c/side, c%side
		b := r/box*box + col/box
		for i, u := range [3]int{r, side + col, 2*side + b} {
			s.unitAt[3*c+i] = int32(n + u*side)
		}
		s.units[r*side+col] = int32(c)
		s.units[(side+col)*side+r] = int32(c)
		s.units[(2*side+b)*side+(r%box)*box+col%box] = int32(c)
		s.slot[3*c], s.slot[3*c+1], s.slot[3*c+2] = int32(col), int32(r), int32((r%box)*box+col%box)
	}
	return s
}

// start sets the candidates the givens leave, all at once (placing the
// givens one by one would log every removal), opens the constraints they
// do not meet, and queues those down to one option. It returns false when
// the givens contradict each other, or when the context ended (s.err):
// on a blank 400x400 it sets 64 million candidates, seconds on a loaded
// machine, so it looks at the context as it goes, a tick per cell.
func (s *wideSearch[C]) start(cells []int16) bool {
	n, side, w := s.n, s.side, s.w
	used := make([]uint64, 3*side*w) // the symbols given in each unit
	for c, v := range cells {
		if v == 0 {
			continue
		}
		word, bit := int(v-1)/64, uint64(1)<<((v-1)%64)
		for i := range 3 {
			u := int(s.unitAt[3*c+i]-int32(n)) / side
			if used[u*w+word]&bit != 0 {
				return false
			}
			used[u*w+word] |= bit
		}
	}
	for c, v := range cells {
		if !s.ticked() {
			return false
		}
		cs := s.cand[c*w : c*w+w]
		if v != 0 {
			cs[(v-1)/64] = 1 << ((v - 1) % 64)
			s.count[c] = 1
			s.placed++
			continue
		}
		s.open[c] = true
		for k := range cs {
			m := ^uint64(0)
			if rest := side - 64*k; rest < 64 {
				m = 1<<rest - 1
			}
			for i := range 3 {
				u := int(s.unitAt[3*c+i]-int32(n)) / side
				m &^= used[u*w+k]
			}
			cs[k] = m
			s.count[c] += int32(bits.OnesCount64(m))
		}
	}
	for u := range 3 * side {
		for v := range side {
			if used[u*w+v/64]>>(v%64)&1 == 0 {
				s.open[n+u*side+v] = true
			}
		}
	}
	for c := range n {
		if !s.ticked() {
			return false
		}
		for k, m := range s.cand[c*w : c*w+w] {
			for ; m != 0; m &= m - 1 {
				v := 64*k + bits.TrailingZeros64(m)
				s.flipPlaces(c, v)
				if !s.open[c] {
					continue
				}
				for i := range 3 {
					s.count[int(s.unitAt[3*c+i])+v]++
				}
			}
		}
	}
	for i := range s.head {
		s.head[i] = -1
	}
	for i, ok := range s.open {
		if !ok {
			continue
		}
		switch s.count[i] {
		case 0:
			return false
		case 1:
			if s.single(i) {
				s.queue = append(s.queue, int32(i))
			}
		}
		s.link(i)
	}
	return true
}

// ticked counts a step of s.tick and reports whether the search may go
// on; once the context ended, s.err says so.
func (s *wideSearch[C]) ticked() bool {
	if !s.tick.Tick() && s.err == nil {
		s.err = s.tick.Err()
	}
	return s.err == nil
}

// bucket returns the head index of the bucket of open constraint i.
func (s *wideSearch[C]) bucket(i int) int {
	k := int(s.count[i])
	if i >= s.n {
		return s.side + 1 + k
	}
	return k
}

// link puts open constraint i first in the bucket of its count.
func (s *wideSearch[C]) link(i int) {
	h := s.bucket(i)
	first := s.head[h]
	s.next[i], s.prev[i] = first, -1
	if first >= 0 {
		s.prev[first] = int32(i)
	}
	s.head[h] = int32(i)
}

// unlink takes open constraint i out of its bucket, before its count
// changes or it is met.
func (s *wideSearch[C]) unlink(i int) {
	nx, pv := s.next[i], s.prev[i]
	if pv >= 0 {
		s.next[pv] = nx
	} else {
		s.head[s.bucket(i)] = nx
	}
	if nx >= 0 {
		s.prev[nx] = pv
	}
}

// add changes the count of constraint i by d, keeping its bucket.
func (s *wideSearch[C]) add(i int, d int32) {
	if s.open[i] {
		s.unlink(i)
		s.count[i] += d
		s.link(i)
		return
	}
	s.count[i] += d
}

// remove takes symbol v+1 out of the candidates of cell c, which holds it.
// It fails when a constraint is left without options, and queues one left
// with a single option.
func (s *wideSearch[C]) remove(c, v int) bool {
	if len(s.trail) == cap(s.trail) && !s.growTrail() {
		return false
	}
	s.cand[c*s.w+v/64] &^= 1 << (v % 64)
	s.flipPlaces(c, v)
	s.trail = append(s.trail, uint32(c)<<9|uint32(v))
	if s.learn != nil {
		s.learn.removed(c*s.side+v, s.learn.cause)
	}
	ok := s.drop(c, -1)
	for i := range 3 {
		ok = s.drop(int(s.unitAt[3*c+i])+v, -1) && ok
	}
	return ok
}

// drop lowers the count of constraint i and reports whether it still has
// an option; an open constraint left with one is queued.
func (s *wideSearch[C]) drop(i int, d int32) bool {
	s.add(i, d)
	switch s.count[i] {
	case 0:
		s.cuts.Cut(s.deadAt & trace.Unused)
		if s.cuts.Tracing() && s.deadAt == CutDeadCell {
			s.cuts.Why(CutDeadCell, s.deadWhy(i))
		}
		s.weight[i] += s.bump
		if s.learn != nil {
			s.learn.failed(i)
		}
		return false
	case 1:
		if s.open[i] && s.single(i) {
			s.queue = append(s.queue, int32(i))
		}
	}
	return true
}

// single reports whether constraint i, left with one option, takes it at
// once: a cell (naked single) or a unit symbol (hidden single).
func (s *wideSearch[C]) single(i int) bool {
	if i < s.n {
		return s.on.Has(CutNakedSingles)
	}
	return s.on.Has(CutHiddenSingles)
}

// settle places v+1, a candidate of open cell c, for the reason why
// (see reason): c and its three unit symbols are met, and v goes
// from every other cell of those units and every other candidate from c.
func (s *wideSearch[C]) settle(c, v int, why reason) bool {
	for i := range 3 {
		if us := int(s.unitAt[3*c+i]) + v; !s.open[us] {
			s.weight[us] += s.bump
			return false // v is placed in this unit already
		}
	}
	if len(s.trail) == cap(s.trail) && !s.growTrail() {
		return false
	}
	s.trail = append(s.trail, wideSettle|uint32(c)<<9|uint32(v))
	if s.learn != nil {
		s.learn.settled(c, why)
	}
	s.close(c)
	for i := range 3 {
		s.close(int(s.unitAt[3*c+i]) + v)
	}
	s.placed++
	s.ticked()
	for k, m := range s.cand[c*s.w : c*s.w+s.w] {
		for ; m != 0; m &= m - 1 {
			if o := 64*k + bits.TrailingZeros64(m); o != v && !s.remove(c, o) {
				return false
			}
		}
	}
	for i := range 3 {
		u := int(s.unitAt[3*c+i]) - s.n // u*side for unit u
		at := (u + v) * s.w
		for k := range s.w {
			for m := s.places[at+k]; m != 0; m &= m - 1 {
				if p := int(s.units[u+64*k+bits.TrailingZeros64(m)]); p != c && !s.remove(p, v) {
					return false
				}
			}
		}
	}
	return s.err == nil
}

// flipPlaces flips the slot of cell c in the places of symbol v+1 in its
// three units: c gains or loses v+1 as a candidate.
func (s *wideSearch[C]) flipPlaces(c, v int) {
	for i := range 3 {
		sl := int(s.slot[3*c+i])
		s.places[(int(s.unitAt[3*c+i])-s.n+v)*s.w+sl/64] ^= 1 << (sl % 64)
	}
}

// close marks open constraint i met.
func (s *wideSearch[C]) close(i int) {
	s.unlink(i)
	s.open[i] = false
}

// reopen undoes close.
func (s *wideSearch[C]) reopen(i int) {
	s.open[i] = true
	s.link(i)
}

// propagate settles the queued constraints and all that follows: a cell
// with one candidate takes it (naked single), a unit symbol with one place
// takes it (hidden single). It returns false on a contradiction; the
// queue ends empty either way.
func (s *wideSearch[C]) propagate() bool {
	for len(s.queue) > 0 {
		i := int(s.queue[len(s.queue)-1])
		s.queue = s.queue[:len(s.queue)-1]
		if !s.open[i] {
			continue
		}
		var ok bool
		if i < s.n {
			s.cuts.Cut(CutNakedSingles)
			if s.cuts.Tracing() {
				s.cuts.Why(CutNakedSingles, singleWhy(CutNakedSingles, i, s.side, s.firstCand(i)+1))
			}
			ok = s.settle(i, s.firstCand(i), reason{kind: reasonCell})
		} else {
			ok = s.hiddenSingle(i)
		}
		if !ok {
			s.queue = s.queue[:0]
			return false
		}
	}
	return true
}

// firstCand returns the lowest candidate of cell c, which has one.
func (s *wideSearch[C]) firstCand(c int) int {
	for k, m := range s.cand[c*s.w : c*s.w+s.w] {
		if m != 0 {
			return 64*k + bits.TrailingZeros64(m)
		}
	}
	return -1
}

// hiddenSingle places the symbol of open unit symbol i in the one cell of
// the unit left for it.
func (s *wideSearch[C]) hiddenSingle(i int) bool {
	if s.count[i] == 0 {
		return false
	}
	u, v := (i-s.n)/s.side, (i-s.n)%s.side
	for k, m := range s.places[(i-s.n)*s.w : (i-s.n+1)*s.w] {
		if m != 0 {
			p := int(s.units[u*s.side+64*k+bits.TrailingZeros64(m)])
			s.cuts.Cut(CutHiddenSingles)
			if s.cuts.Tracing() {
				s.cuts.Why(CutHiddenSingles, singleWhy(CutHiddenSingles, p, s.side, v+1))
			}
			return s.settle(p, v, reason{kind: reasonUnit, arg: int32(u)})
		}
	}
	return false
}

// growTrail doubles the trail's room, up to the most it can hold (every
// candidate removed once and every cell placed: 64 million entries, 256
// MB at 400x400), and reports whether it could: under an address-space
// limit, a trail that would not fit in half of what the limit leaves
// ends the search with errTrailTooLarge, where Go's allocator would end
// the process.
func (s *wideSearch[C]) growTrail() bool {
	most := s.n*s.side + s.n
	room := min(max(2*cap(s.trail), 1<<12), most)
	if limit := addrspace.Limit(); limit > 0 {
		if need := int64(room+cap(s.trail)) * 4; need > (limit-addrspace.Used())/2 {
			s.err = errTrailTooLarge
			return false
		}
	}
	t := make([]uint32, len(s.trail), room)
	copy(t, s.trail)
	s.trail = t
	return true
}

// errTrailTooLarge ends a search whose trail would not fit under the
// address-space limit.
var errTrailTooLarge = errors.New("sudoku search: its trail would take more memory than the address-space limit leaves")

// undo takes back the trail down to length mark. It looks at the
// context as a placement does, every poll.Every entries: a restart of a
// 400x400 search undoes tens of millions of them, seconds of work. Once
// the context ended it stops, s.err says so, and the state is left half
// undone: the search must end.
func (s *wideSearch[C]) undo(mark int) {
	for j := len(s.trail) - 1; j >= mark; j-- {
		if !s.ticked() {
			s.trail = s.trail[:j+1]
			return
		}
		e := s.trail[j]
		c, v := int(e>>9&(1<<22-1)), int(e&511)
		if e&wideSettle != 0 {
			s.placed--
			for i := range 3 {
				s.reopen(int(s.unitAt[3*c+i]) + v)
			}
			s.reopen(c)
			continue
		}
		s.cand[c*s.w+v/64] |= 1 << (v % 64)
		s.flipPlaces(c, v)
		s.add(c, 1)
		for i := range 3 {
			s.add(int(s.unitAt[3*c+i])+v, 1)
		}
	}
	s.trail = s.trail[:mark]
	if s.learn != nil {
		s.learn.undo(mark)
	}
}

// choose returns an open constraint with the fewest options (at least
// two after propagation, when singles are placed): among the first few of
// its bucket, the one that failed most often (dom/wdeg: the failures, kept
// across restarts, point the search at the hard part of the grid), a cell
// on ties; -1 when every cell is placed. Without fewest, it returns the
// first open cell.
func (s *wideSearch[C]) choose() int {
	if !s.on.Has(CutFewestFirst) {
		return slices.Index(s.open[:s.n], true)
	}
	s.cuts.Cut(CutFewestFirst)
	if s.cuts.Tracing() {
		defer func() { s.cuts.Why(CutFewestFirst, "the fewest options") }()
	}
	for k := s.minOptions; k <= s.side; k++ {
		best, bestW := int32(-1), -1.0
		for _, h := range [2]int{k, s.side + 1 + k} {
			seen := 0
			for i := s.head[h]; i >= 0 && seen < wideScan; i, seen = s.next[i], seen+1 {
				if w := s.weight[i]; w > bestW || w == bestW && s.rng.IntN(seen+1) == 0 {
					best, bestW = i, w
				}
			}
		}
		if best >= 0 {
			return int(best)
		}
	}
	return -1
}

// wideScan is how many constraints of the best bucket choose weighs.
const wideScan = 64

// options appends the placements cell<<9|symbol of constraint i.
func (s *wideSearch[C]) options(opts []uint32, i int) []uint32 {
	if i < s.n {
		for k, m := range s.cand[i*s.w : i*s.w+s.w] {
			for ; m != 0; m &= m - 1 {
				opts = append(opts, uint32(i)<<9|uint32(64*k+bits.TrailingZeros64(m)))
			}
		}
		return opts
	}
	u, v := (i-s.n)/s.side, (i-s.n)%s.side
	for k, m := range s.places[(i-s.n)*s.w : (i-s.n+1)*s.w] {
		for ; m != 0; m &= m - 1 {
			p := s.units[u*s.side+64*k+bits.TrailingZeros64(m)]
			opts = append(opts, uint32(p)<<9|uint32(v))
		}
	}
	return opts
}

// errLost reports a state with a cell to fill and no constraint
// to branch on, which propagation rules out: a bug, not bad input.
var errLost = errors.New("sudoku search: no constraint to branch on (bug)")

// order sorts the options of one choice, least constraining first: the
// placement that takes the fewest options from other constraints (the
// other places of its symbol in its three units, the other candidates of
// its cell), ties broken at random.
func (s *wideSearch[C]) order(opts []uint32) {
	key := make([]uint64, len(opts))
	for j, o := range opts {
		key[j] = s.cost(o)<<41 | uint64(s.rng.Uint32())<<9 | uint64(j)
	}
	slices.Sort(key)
	tmp := slices.Clone(opts)
	for j, k := range key {
		opts[j] = tmp[k&511]
	}
}

// best returns the first option in the order of order, ties broken at
// random.
func (s *wideSearch[C]) best(opts []uint32) uint32 {
	var best uint32
	bestKey := uint64(1<<64 - 1)
	for _, o := range opts {
		if key := s.cost(o)<<32 | uint64(s.rng.Uint32()); key < bestKey {
			best, bestKey = o, key
		}
	}
	return best
}

// cost is how many options placement o takes from other constraints: the
// other places of its symbol in its three units, the other candidates of
// its cell.
func (s *wideSearch[C]) cost(o uint32) uint64 {
	c, v := int(o>>9), int(o&511)
	cost := int(s.count[c])
	for i := range 3 {
		cost += int(s.count[int(s.unitAt[3*c+i])+v])
	}
	return uint64(cost)
}

// step counts a node and reports whether the search may go on.
func (s *wideSearch[C]) step() bool {
	s.nodes++
	if s.nodes >= s.maxNodes {
		s.err = ErrNodeLimit
	}
	return s.ticked()
}

// frame is a choice on the search path: its options are
// opts[from:to] of the search's option stack, next is the one to try, and
// mark the trail length before the first.
type frame struct {
	from, to, next, mark int
	open                 bool // traced: an option of it is entered, not left
}

// search explores the propagated state depth first, without recursion:
// paths run as deep as there are blank cells. Every answer takes one
// option of the chosen constraint, so trying each in turn misses none.
func (s *wideSearch[C]) search() {
	var stack []frame
	var opts []uint32
	root := len(s.trail)
	restart := s.limit == 1 // counting must see every branch
	budget := wideRestart * luby(1)
	for {
		if s.placed == s.n {
			s.solution()
			if s.found >= s.limit {
				return
			}
		} else {
			i := s.choose()
			if i < 0 {
				s.err = errLost
				return
			}
			from := len(opts)
			opts = s.options(opts, i)
			s.order(opts[from:])
			stack = append(stack, frame{from: from, to: len(opts), next: from, mark: len(s.trail)})
		}
		// Try the next option of the deepest choice that has one left.
		for {
			if len(stack) == 0 {
				return
			}
			if restart && budget <= 0 {
				// Start over with other random choices: a search that
				// took a wrong turn near the root can spend far longer
				// below it than a fresh start needs (Gomes, Selman and
				// Kautz, 1998, on quasigroup completion).
				if s.undo(root); s.err != nil {
					return // the context ended during the undo
				}
				s.leave(stack)
				stack, opts = stack[:0], opts[:0]
				s.restarts++
				budget = wideRestart * luby(s.restarts+1)
				if s.cuts.Tracing() {
					if s.restarts > 1 {
						s.cuts.Leave()
					}
					s.cuts.Level(fmt.Sprintf("restart %d", s.restarts))
				}
				break
			}
			f := &stack[len(stack)-1]
			if f.next == f.to {
				if s.undo(f.mark); s.err != nil {
					return
				}
				s.leave(stack[len(stack)-1:])
				opts = opts[:f.from]
				stack = stack[:len(stack)-1]
				continue
			}
			if s.undo(f.mark); s.err != nil {
				return
			}
			s.leave(stack[len(stack)-1:])
			o := opts[f.next]
			f.next++
			if !s.step() {
				return
			}
			if s.cuts.Tracing() {
				s.cuts.Enter(cellLabel(int(o>>9), s.side, int(o&511)+1))
				f.open = true
			}
			c, v := int(o>>9), int(o&511)
			if s.settle(c, v, reason{kind: reasonDecision}) && s.propagate() {
				break
			}
			budget-- // the schedule counts failures, as CDCL solvers count conflicts
			if s.fails--; s.fails == 0 {
				s.err = errGaveUp
			}
			s.queue = s.queue[:0]
			if s.err != nil {
				return
			}
		}
	}
}

// leave closes, when traced, the decision open in each frame.
func (s *wideSearch[C]) leave(frames []frame) {
	for i := range frames {
		if frames[i].open {
			s.cuts.Leave()
			frames[i].open = false
		}
	}
}

// deadWhy says which constraint i was left without an option: a cell, or
// a symbol in a unit.
func (s *wideSearch[C]) deadWhy(i int) string {
	if i < s.n {
		return cellName(i, s.side) + " has no candidate left"
	}
	j := i - s.n
	return fmt.Sprintf("no place left for %d in %s", j%s.side+1, unitName(j/s.side, s.side))
}

// wideRestart is the unit of the restart schedule, in failed
// options: a descent that meets no contradiction does not use it up, so
// the first runs reach the bottom of a large grid.
const wideRestart = 100

// luby returns the i-th term (from 1) of Luby's sequence 1 1 2 1 1 2 4 1
// 1 2 1 1 2 4 8 ..., the restart schedule within a constant factor of the
// best for any run-time distribution (Luby, Sinclair and Zuckerman, 1993).
func luby(i int) int64 {
	for k := 1; ; k++ {
		if i == 1<<k-1 {
			return 1 << (k - 1)
		}
		if i < 1<<k-1 {
			return luby(i - (1<<(k-1) - 1))
		}
	}
}

// solution counts the answer in the current state and keeps the first.
func (s *wideSearch[C]) solution() {
	s.cuts.Found()
	s.found++
	if s.found > 1 {
		return
	}
	s.answer = make([]int16, s.n)
	for c := range s.answer {
		s.answer[c] = int16(s.firstCand(c) + 1)
	}
}
