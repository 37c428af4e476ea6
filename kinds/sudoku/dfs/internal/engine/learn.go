package engine

import (
	"errors"
	"fmt"
	"slices"

	"github.com/puzzlesat/puzzlesat/trace"
)

// Nogood learning for the wide search. Past a share of blanks that falls
// with the size, random-blank grids of 64x64 and up need hundreds to a
// hundred thousand failures when the reasons of failures are remembered,
// and far more than a search can visit when they are not: plain
// backtracking, backjumping, look-ahead and restarts all stalled there
// (docs/results.md, sudoku). So, once a plain search has met plainFails
// failures, the search starts again and
// records why each candidate went and each symbol was placed, and on a
// failure derives a nogood (a set of placements and removals that cannot
// hold together) by walking those reasons back to the first unique
// implication point of the failed level (Marques-Silva and Sakallah 1999;
// Katsirelos and Bacchus 2005 for the same in CSP search). The nogood
// sends the search back to the deepest level it still involves, and from
// then on prunes as a constraint of its own, watched on two of its
// members. The propagation of the grid stays the search's own.
//
// Nogoods are disjunctions of literals: x(c,v), "cell c holds v+1", is
// true when c is placed with v+1 and false when v+1 left its candidates;
// a literal is (c*side+v)<<1, with 1 added for its negation.

// reason says why a trail entry happened.
type reason struct {
	kind uint8
	arg  int32
}

// The kinds of reason, with what arg holds.
const (
	reasonDecision = iota // a choice of the search
	reasonCell            // the cell had one candidate left
	reasonUnit            // the unit arg had one place left for the symbol
	reasonPlaced          // removed by the placement at trail index arg
	reasonNogood          // nogood arg had every other literal false
)

// learner holds what the learning search adds to wideSearch.
type learner struct {
	why      []reason // per trail entry
	level    []int32  // per trail entry
	removeAt []int32  // per literal c*side+v: 1 + its removal's trail index, 0 before the search
	placeAt  []int32  // per cell: 1 + its placement's trail index, 0 for a given
	marks    []int    // the trail length when each decision level began
	cause    reason   // the reason for the removals being made
	conflict reason   // what failed: reasonCell with a constraint left without options (a cell or a unit symbol), or reasonNogood
	failedAt bool     // conflict is set
	head     int      // trail entries before head have been checked against the nogoods
	keep     int      // nogoods kept before forget drops the longer half

	nogoods [][]uint32         // learnt, nil when dropped
	watches map[uint32][]int32 // literal -> nogoods watching it
	seen    []bool             // per trail entry, during analysis
	memo    []int8             // per trail entry, during minimize
}

func newLearner[C trace.Counts](s *wideSearch[C]) *learner {
	l := &learner{
		removeAt: make([]int32, s.n*s.side),
		placeAt:  make([]int32, s.n),
		watches:  map[uint32][]int32{},
		keep:     learnKeep,
	}
	return l
}

// removed records the removal of literal cv, just put on the trail.
func (l *learner) removed(cv int, why reason) {
	l.removeAt[cv] = int32(len(l.why)) + 1
	l.why = append(l.why, why)
	l.level = append(l.level, int32(len(l.marks)))
}

// settled records the placement in cell c, just put on the trail; the
// removals it makes next are caused by it.
func (l *learner) settled(c int, why reason) {
	j := int32(len(l.why))
	l.placeAt[c] = j + 1
	l.why = append(l.why, why)
	l.level = append(l.level, int32(len(l.marks)))
	l.cause = reason{kind: reasonPlaced, arg: j}
}

// failed records that constraint i has no option left, unless a failure
// is recorded already.
func (l *learner) failed(i int) {
	if !l.failedAt {
		l.conflict, l.failedAt = reason{kind: reasonCell, arg: int32(i)}, true
	}
}

// undo forgets the trail entries from mark on.
func (l *learner) undo(mark int) {
	l.why, l.level = l.why[:mark], l.level[:mark]
	l.head = min(l.head, mark)
}

// value returns 1, -1 or 0 as literal x is true, false or open.
func (s *wideSearch[C]) value(x uint32) int {
	cv := int(x >> 1)
	c, v := cv/s.side, cv%s.side
	val := 0
	if s.cand[c*s.w+v/64]>>(v%64)&1 == 0 {
		val = -1
	} else if !s.open[c] {
		val = 1
	}
	if x&1 != 0 {
		return -val
	}
	return val
}

// falseAt returns the trail index of the entry that made literal x false,
// or -1 when x has been false since the givens.
func (s *wideSearch[C]) falseAt(x uint32) int {
	cv := int(x >> 1)
	if x&1 == 0 {
		return int(s.learn.removeAt[cv]) - 1
	}
	return int(s.learn.placeAt[cv/s.side]) - 1
}

// enforce makes literal x true because of nogood k, whose other literals
// are false; it reports false on a failure.
func (s *wideSearch[C]) enforce(x uint32, k int32) bool {
	l := s.learn
	why := reason{kind: reasonNogood, arg: k}
	cv := int(x >> 1)
	c, v := cv/s.side, cv%s.side
	switch s.value(x) {
	case 1:
		return true
	case -1:
		l.conflict, l.failedAt = why, true
		return false
	}
	if x&1 != 0 {
		l.cause = why
		return s.remove(c, v)
	}
	return s.settle(c, v, why)
}

// propagateLearnt propagates the grid's constraints and the nogoods to a
// fixpoint, or to a failure, which it records in s.learn.
func (s *wideSearch[C]) propagateLearnt() bool {
	l := s.learn
	for {
		if !s.propagate() {
			return false
		}
		if l.head == len(s.trail) {
			return true
		}
		for l.head < len(s.trail) {
			x := s.literal(l.head) ^ 1 // the literal the entry made false
			l.head++
			if !s.watchFalse(x) {
				s.queue = s.queue[:0]
				return false
			}
		}
	}
}

// watchFalse visits the nogoods watching literal x, which has just become
// false: each finds another literal to watch, enforces its last open one,
// or fails.
func (s *wideSearch[C]) watchFalse(x uint32) bool {
	l := s.learn
	ws := l.watches[x]
	if len(ws) == 0 {
		return true
	}
	kept := ws[:0]
	ok := true
	for i, k := range ws {
		if !ok {
			kept = append(kept, ws[i:]...)
			break
		}
		ng := l.nogoods[k]
		if ng[0] == x {
			ng[0], ng[1] = ng[1], ng[0]
		}
		if s.value(ng[0]) == 1 {
			kept = append(kept, k)
			continue
		}
		moved := false
		for j := 2; j < len(ng); j++ {
			if s.value(ng[j]) != -1 {
				ng[1], ng[j] = ng[j], ng[1]
				l.watches[ng[1]] = append(l.watches[ng[1]], k)
				moved = true
				break
			}
		}
		if moved {
			continue
		}
		kept = append(kept, k)
		ok = s.enforce(ng[0], k)
	}
	l.watches[x] = kept
	return ok
}

// antecedents calls f with the trail index of each entry behind trail
// entry j, or behind the failure when j is -1.
func (s *wideSearch[C]) antecedents(j int, f func(int)) {
	l := s.learn
	why := l.conflict
	cell, sym, self := -1, -1, ^uint32(0)
	if j >= 0 {
		why = l.why[j]
		e := s.trail[j]
		cell, sym = int(e>>9&(1<<22-1)), int(e&511)
		self = uint32(cell*s.side + sym)
	}
	switch why.kind {
	case reasonPlaced:
		f(int(why.arg))
	case reasonNogood:
		for _, x := range l.nogoods[why.arg] {
			if x>>1 != self {
				f(s.falseAt(x))
			}
		}
	case reasonCell:
		i := cell
		if j < 0 {
			i = int(why.arg) // the failed constraint
			if i >= s.n {
				u, v := (i-s.n)/s.side, (i-s.n)%s.side
				s.unitRemovals(u, v, -1, f)
				return
			}
		}
		for o := range s.side {
			if o != sym {
				f(int(l.removeAt[i*s.side+o]) - 1)
			}
		}
	case reasonUnit:
		s.unitRemovals(int(why.arg), sym, cell, f)
	}
}

// unitRemovals calls f with the removal of symbol v+1 from each cell of
// unit u but skip.
func (s *wideSearch[C]) unitRemovals(u, v, skip int, f func(int)) {
	for _, p := range s.units[u*s.side : u*s.side+s.side] {
		if int(p) != skip {
			f(int(s.learn.removeAt[int(p)*s.side+v]) - 1)
		}
	}
}

// literal returns the literal that trail entry j made true.
func (s *wideSearch[C]) literal(j int) uint32 {
	e := s.trail[j]
	x := uint32(int(e>>9&(1<<22-1))*s.side+int(e&511)) << 1
	if e&wideSettle == 0 {
		x |= 1
	}
	return x
}

// analyze derives the nogood of the recorded failure: the negation of the
// first unique implication point of the current level, then the literals
// of earlier levels behind the failure. It returns the nogood, first the
// literal to enforce, second one of the deepest level, and that level.
func (s *wideSearch[C]) analyze() ([]uint32, int) {
	l := s.learn
	cur := int32(len(l.marks))
	if cap(l.seen) < len(s.trail) {
		l.seen = make([]bool, len(s.trail), 2*len(s.trail))
	}
	l.seen = l.seen[:len(s.trail)]
	ng := []uint32{0}
	var marked []int
	pending := 0
	visit := func(i int) {
		if i < 0 || l.level[i] == 0 {
			return
		}
		if l.level[i] != cur && l.why[i].kind == reasonPlaced {
			// A removal of an earlier level stands for the placement
			// that made it (resolution with the reason): a placement
			// removes up to 3·side candidates, and the nogood names it
			// once.
			i = int(l.why[i].arg)
		}
		if l.seen[i] {
			return
		}
		l.seen[i] = true
		marked = append(marked, i)
		if l.level[i] == cur {
			pending++
			return
		}
		ng = append(ng, s.literal(i)^1)
	}
	s.antecedents(-1, visit)
	if pending == 0 {
		return nil, 0 // a failure below the current level: propagation was not complete
	}
	for j := len(s.trail) - 1; ; j-- {
		if !l.seen[j] {
			continue
		}
		pending--
		if pending == 0 {
			ng[0] = s.literal(j) ^ 1
			break
		}
		s.antecedents(j, visit)
	}
	ng = s.minimize(ng)
	for _, i := range marked {
		l.seen[i] = false
	}
	back := 0
	for k := 1; k < len(ng); k++ {
		if lv := int(l.level[s.falseAt(ng[k])]); lv > back {
			back = lv
			ng[1], ng[k] = ng[k], ng[1]
		}
	}
	return ng, back
}

// minimize drops from nogood ng (but its first literal) each literal
// whose entry follows from entries the analysis marked, the givens, or
// entries that do so in turn, up to a depth (Sörensson and Biere 2009):
// the nogood without it holds as well. It runs while the marks of
// analyze are set.
func (s *wideSearch[C]) minimize(ng []uint32) []uint32 {
	l := s.learn
	if len(l.memo) < len(s.trail) {
		l.memo = make([]int8, len(s.trail), 2*len(s.trail))
	}
	var touched []int
	kept := ng[:1]
	for _, x := range ng[1:] {
		if !s.implied(s.falseAt(x), minDepth, &touched) {
			kept = append(kept, x)
		}
	}
	for _, i := range touched {
		l.memo[i] = 0
	}
	return kept
}

// minDepth bounds the recursion of implied.
const minDepth = 8

// implied reports whether every antecedent of trail entry j is marked, a
// given, or implied in turn (memo: 1 implied, -1 not).
func (s *wideSearch[C]) implied(j, depth int, touched *[]int) bool {
	l := s.learn
	if l.why[j].kind == reasonDecision || depth == 0 {
		return false
	}
	if m := l.memo[j]; m != 0 {
		return m > 0
	}
	ok := true
	s.antecedents(j, func(i int) {
		if !ok || i < 0 || l.level[i] == 0 {
			return
		}
		if l.why[i].kind == reasonPlaced {
			i = int(l.why[i].arg)
		}
		if !l.seen[i] && !s.implied(i, depth-1, touched) {
			ok = false
		}
	})
	l.memo[j] = -1
	if ok {
		l.memo[j] = 1
	}
	*touched = append(*touched, j)
	return ok
}

// learnFrom records nogood ng after the search went back to its level:
// it watches its first two literals, and the constraints of its literals
// gain weight, so that the choices turn to where failures come from.
func (s *wideSearch[C]) learnFrom(ng []uint32) int32 {
	l := s.learn
	k := int32(len(l.nogoods))
	l.nogoods = append(l.nogoods, ng)
	s.cuts.Cut(CutLearning)
	if s.cuts.Tracing() {
		s.cuts.Why(CutLearning, fmt.Sprintf("a nogood of %d literals, learnt from the failure", len(ng)))
	}
	if len(ng) > 1 {
		l.watches[ng[0]] = append(l.watches[ng[0]], k)
		l.watches[ng[1]] = append(l.watches[ng[1]], k)
	}
	for _, x := range ng {
		cv := int(x >> 1)
		c, v := cv/s.side, cv%s.side
		s.weight[c] += s.bump
		for i := range 3 {
			s.weight[int(s.unitAt[3*c+i])+v] += s.bump
		}
	}
	s.bump *= 1.05
	if s.bump > 1e100 {
		for i := range s.weight {
			s.weight[i] *= 1e-100
		}
		s.bump *= 1e-100
	}
	return k
}

// backjump takes the search back to the end of level b.
func (s *wideSearch[C]) backjump(b int) {
	l := s.learn
	if b < len(l.marks) {
		s.undo(l.marks[b])
		if s.cuts.Tracing() {
			for range len(l.marks) - b {
				s.cuts.Leave()
			}
		}
		l.marks = l.marks[:b]
	}
	l.failedAt = false
	s.queue = s.queue[:0]
}

// forget drops the longer half of the nogoods past a size, at level 0,
// where none of them is the reason of an entry analysis can reach, and
// watches the rest afresh.
func (s *wideSearch[C]) forget() {
	l := s.learn
	live := 0
	for _, ng := range l.nogoods {
		if ng != nil {
			live++
		}
	}
	if live < l.keep {
		return
	}
	sizes := make([]int, 0, live)
	for _, ng := range l.nogoods {
		if ng != nil {
			sizes = append(sizes, len(ng))
		}
	}
	slices.Sort(sizes)
	cut := sizes[len(sizes)/2]
	clear(l.watches)
	for k, ng := range l.nogoods {
		if len(ng) > cut {
			l.nogoods[k] = nil
			continue
		}
		if len(ng) > 1 {
			l.watches[ng[0]] = append(l.watches[ng[0]], int32(k))
			l.watches[ng[1]] = append(l.watches[ng[1]], int32(k))
		}
	}
	l.head = 0 // watches may now sit on false literals: look at every entry again
}

// learnRestart is the unit of the learning search's restart schedule, in
// failures: the best of those measured on large grids (docs/results.md).
const learnRestart = 300

// learnKeep is how many nogoods the search keeps before it forgets
// the longer half at a restart.
const learnKeep = 20000

// searchLearnt finds one answer, learning a nogood from every failure
// (see the top of this file), with restarts that keep the nogoods.
func (s *wideSearch[C]) searchLearnt() {
	l := s.learn
	var opts []uint32
	budget := learnRestart * luby(1)
	ok := s.propagateLearnt()
	for {
		if !ok {
			switch {
			case s.err != nil:
				return
			case !l.failedAt:
				s.err = errNoReason
				return
			case len(l.marks) == 0:
				return // the givens have no answer
			}
			ng, back := s.analyze()
			if ng == nil {
				s.err = errNoReason
				return
			}
			if s.backjump(back); s.err != nil {
				return // the context ended during the undo
			}
			k := s.learnFrom(ng)
			ok = s.enforce(ng[0], k) && s.propagateLearnt()
			if budget--; ok && budget <= 0 {
				if s.backjump(0); s.err != nil {
					return
				}
				s.forget()
				s.restarts++
				budget = learnRestart * luby(s.restarts+1)
				if s.cuts.Tracing() {
					if s.restarts > 1 {
						s.cuts.Leave()
					}
					s.cuts.Level(fmt.Sprintf("restart %d, keeping the nogoods", s.restarts))
				}
				ok = s.propagateLearnt()
			}
			continue
		}
		if s.placed == s.n {
			s.solution()
			return
		}
		i := s.choose()
		if i < 0 {
			s.err = errLost
			return
		}
		opts = s.options(opts[:0], i)
		o := s.best(opts)
		if !s.step() {
			return
		}
		if s.cuts.Tracing() {
			s.cuts.Enter(cellLabel(int(o>>9), s.side, int(o&511)+1))
		}
		l.marks = append(l.marks, len(s.trail))
		ok = s.settle(int(o>>9), int(o&511), reason{kind: reasonDecision}) && s.propagateLearnt()
	}
}

// errNoReason reports a failure that the learning search cannot
// explain, which the propagation rules out: a bug, not bad input.
var errNoReason = errors.New("sudoku search: a failure with no reason on the trail (bug)")

// learnMaxBox is the largest box the search learns at: its literal table
// takes 4·S³ bytes, and past 225x225 learning solved nothing the plain
// search did not (docs/results.md).
const learnMaxBox = 15
