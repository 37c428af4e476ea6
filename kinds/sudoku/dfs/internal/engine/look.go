package engine

import (
	"fmt"
	"math/bits"
)

// plainNodes is how many nodes the search spends without look-ahead
// before it turns it on. Without it every 9x9 and 16x16 puzzle of the judge
// data is solved and proved unique in a few hundred nodes, where
// look-ahead would cost more than it saves, while minimal 25x25 puzzles
// need it to finish at all (docs/results.md).
const plainNodes = 500

// lookWidth is the most options a choice may have to be probed in
// the first look-ahead round of a node. Two-way choices alone leave minimal
// 25x25 puzzles several times more nodes; four-way ones cost more probes
// than they save.
const lookWidth = 3

// lookahead holds the scratch space of the look-ahead.
type lookahead struct {
	probe   []uint64      // the state a probe works on
	trail   []int16       // the cells a probe changed, with repeats
	changed []change      // the cells each probe changed, and how
	results []probeResult // the probes of this round
	round   uint32        // the current round
	atRound []uint32      // per option cell<<6 | symbol: the round of its last probe
	litAt   []uint32      // per option: the index of that probe in results
	mark    []uint32      // per cell: stamp of the last dilemma or probe to see it
	union   []uint64      // per cell: the candidates some probe of a dilemma kept
	seen    []int32       // per cell: how many probes of a dilemma changed it
	stamp   uint32
	fails   []int32 // failures seen in each cell and unit symbol
}

// change is a cell a probe changed, and its mask after the probe.
type change struct {
	cell int32
	mask uint64
}

// probeResult is the outcome of propagating one option.
type probeResult struct {
	ok       bool
	elims    int64 // candidates it removed
	from, to int32 // its changed cells in changed
}

// lookAhead probes the options of the choices of st (failed-literal
// detection with the dilemma rule, as in Stålmarck's method). A choice is
// a cell with two or three candidates, or a unit symbol with two or three
// places: every answer takes one of its options. If an option leads to a
// contradiction, no answer takes it, and it goes. If every option
// propagates, a candidate that none of them leaves goes too. The rounds
// repeat while they remove anything; after the first, only two-way choices
// are probed, which costs less and finds most. It returns the two options
// of the two-way choice to branch on (see score), or none, and false when
// st has no answer or the search must stop. The option whose probe removed
// more comes first: it leaves less to search, and reached the answers of
// the judge's 25x25 puzzles sooner than the other order.
func (s *smallSearch) lookAhead(st []uint64, opts []uint32) ([]uint32, bool) {
	if s.look == nil {
		s.look = newLookahead(s.g)
	}
	width := lookWidth
	for {
		changes, best, ok := s.lookRound(st, width)
		if !ok || s.err != nil {
			return opts, false
		}
		if !changes {
			if best[0] == best[1] {
				return opts, true
			}
			return append(opts, best[0], best[1]), true
		}
		width = 2
	}
}

func newLookahead(g *geom) *lookahead {
	return &lookahead{
		probe:   make([]uint64, g.size),
		atRound: make([]uint32, g.n*64),
		litAt:   make([]uint32, g.n*64),
		mark:    make([]uint32, g.n),
		union:   make([]uint64, g.n),
		seen:    make([]int32, g.n),
		fails:   make([]int32, g.size),
	}
}

// nextStamp starts a new mark: cells marked before no longer count.
func (lk *lookahead) nextStamp() {
	lk.stamp++
	if lk.stamp == 0 { // wrapped: forget every mark
		clear(lk.mark)
		lk.stamp = 1
	}
}

// lookRound probes every choice of at most width options once. It reports
// whether it removed anything, the best two-way choice, and false on a
// contradiction.
func (s *smallSearch) lookRound(st []uint64, width int) (changes bool, best [2]uint32, ok bool) {
	g, lk := s.g, s.look
	lk.round++
	if lk.round == 0 { // wrapped: forget every probe
		clear(lk.atRound)
		lk.round = 1
	}
	lk.results, lk.changed = lk.results[:0], lk.changed[:0]
	var buf [lookWidth]uint32
	var res [lookWidth]probeResult
	bestScore := -1.0
	for i := range g.size - 1 {
		ls := s.choice(st, i, width, buf[:0])
		if ls == nil {
			continue
		}
		rs := res[:len(ls)]
		failed := false
		for j, l := range ls {
			rs[j] = s.probe(st, l)
			failed = failed || !rs[j].ok
		}
		if s.err != nil {
			return false, best, false
		}
		if failed {
			// No answer takes a failed option.
			for j, l := range ls {
				if !rs[j].ok && !s.drop(st, l) {
					s.queue, s.locks = s.queue[:0], s.locks[:0]
					return false, best, false
				}
			}
			if !s.propagate(st) {
				return false, best, false
			}
			changes = true
			continue
		}
		n, ok := s.dilemma(st, rs)
		if !ok {
			return false, best, false
		}
		if n > 0 {
			changes = true
		} else if len(ls) == 2 {
			if sc := s.score(ls[0], ls[1], rs[0], rs[1]); sc > bestScore {
				best, bestScore = [2]uint32{ls[0], ls[1]}, sc
				if rs[0].elims < rs[1].elims {
					best = [2]uint32{ls[1], ls[0]}
				}
			}
		}
	}
	return changes, best, true
}

// choice appends to ls the options of constraint i of st (cell i, or the
// i-n-th unit symbol) when it has 2 to width of them, and returns nil
// otherwise.
func (s *smallSearch) choice(st []uint64, i, width int, ls []uint32) []uint32 {
	g := s.g
	m := st[i]
	if k := bits.OnesCount64(m); m&solvedBit != 0 || k < 2 || k > width {
		return nil
	}
	if i < g.n {
		for ; m != 0; m &= m - 1 {
			ls = append(ls, uint32(i)<<6|uint32(bits.TrailingZeros64(m)))
		}
		return ls
	}
	// Two places or more: v is not placed in u, whose mask would be the
	// placed cell alone.
	u, v := (i-g.n)/g.side, (i-g.n)%g.side
	for ; m != 0; m &= m - 1 {
		c := g.units[u*g.side+bits.TrailingZeros64(m)]
		ls = append(ls, uint32(c)<<6|uint32(v))
	}
	return ls
}

// score rates branching on the two options a and b with probes ra and rb:
// the product of the candidates each removes (the more both force, the
// smaller both subtrees, as look-ahead SAT solvers such as march score
// their branches) and of the failures seen in their constraints (as dom/wdeg
// does in constraint programming: it keeps the search on the hard part).
func (s *smallSearch) score(a, b uint32, ra, rb probeResult) float64 {
	return float64(ra.elims+1) * float64(rb.elims+1) * float64(s.fails(a)) * float64(s.fails(b))
}

// fails returns the failures seen in the four constraints of option l
// (its cell, and its symbol in the cell's three units), plus four.
func (s *smallSearch) fails(l uint32) int32 {
	g, f := s.g, s.look.fails
	c, v := int(l>>6), int(l&63)
	at := &g.placeOf[c]
	return 4 + f[c] + f[int(at[0])+v] + f[int(at[1])+v] + f[int(at[2])+v]
}

// bump notes a failure in constraint i (a cell, or n + a unit symbol).
func (s *smallSearch) bump(i int) {
	if s.look != nil {
		s.look.fails[i]++
	}
}

// drop removes the option l (cell<<5 | symbol) from st.
func (s *smallSearch) drop(st []uint64, l uint32) bool {
	c, v := int(l>>6), int(l&63)
	if st[c]&(1<<v) == 0 {
		return true
	}
	s.cut(CutLookAhead)
	if s.counts.Tracing() {
		s.cuts.Why(CutLookAhead, cellLabel(c, s.g.side, v+1)+" fails when probed: dropped")
	}
	return s.eliminate(st, c, v, 3)
}

// probe propagates the option l (cell<<5 | symbol) in a copy of st and
// records the outcome, or returns the outcome recorded earlier in this
// round. An outcome recorded for an earlier state is still sound for st,
// which only lost candidates since: every answer extending st with l
// extends that state with l too, so it keeps within what propagation left
// there.
func (s *smallSearch) probe(st []uint64, l uint32) probeResult {
	lk := s.look
	if lk.atRound[l] == lk.round {
		return lk.results[lk.litAt[l]]
	}
	lk.atRound[l], lk.litAt[l] = lk.round, uint32(len(lk.results))
	r := probeResult{ok: true, from: int32(len(lk.changed))}
	if !s.stop() {
		t := lk.probe
		copy(t, st)
		e := s.elims
		s.queue = append(s.queue[:0], l)
		lk.trail, s.tracing, s.cuts = lk.trail[:0], true, &s.scratch
		r.ok = s.propagate(t)
		s.tracing, s.cuts = false, &s.counts
		r.elims = s.elims - e
		if r.ok {
			lk.nextStamp()
			for _, c := range lk.trail {
				if lk.mark[c] != lk.stamp {
					lk.mark[c] = lk.stamp
					lk.changed = append(lk.changed, change{int32(c), t[c]})
				}
			}
		}
	}
	r.to = int32(len(lk.changed))
	lk.results = append(lk.results, r)
	return r
}

// dilemma removes from st the candidates that none of the probes rs of
// one choice kept, and propagates; it returns how many it removed, and
// false on a contradiction. A cell that some probe left alone keeps all
// its candidates there, so only cells that every probe changed can lose
// any.
func (s *smallSearch) dilemma(st []uint64, rs []probeResult) (int, bool) {
	lk := s.look
	lk.nextStamp()
	last := int32(len(rs) - 1)
	for j, r := range rs[:last] {
		for _, e := range lk.changed[r.from:r.to] {
			c := e.cell
			switch {
			case j == 0:
				lk.mark[c], lk.union[c], lk.seen[c] = lk.stamp, e.mask, 1
			case lk.mark[c] == lk.stamp && lk.seen[c] == int32(j):
				lk.union[c] |= e.mask
				lk.seen[c]++
			}
		}
	}
	n := 0
	for _, e := range lk.changed[rs[last].from:rs[last].to] {
		c := int(e.cell)
		m := st[c]
		if lk.mark[c] != lk.stamp || lk.seen[c] != last || m&solvedBit != 0 {
			continue
		}
		for out := m &^ (lk.union[c] | e.mask); out != 0; out &= out - 1 {
			n++
			s.cut(CutLookAhead)
			if s.counts.Tracing() {
				s.cuts.Why(CutLookAhead, fmt.Sprintf("%s loses %d: every option of a choice rules it out", cellName(c, s.g.side), bits.TrailingZeros64(out)+1))
			}
			if !s.eliminate(st, c, bits.TrailingZeros64(out), 3) {
				s.queue, s.locks = s.queue[:0], s.locks[:0]
				return n, false
			}
		}
	}
	return n, s.propagate(st)
}
