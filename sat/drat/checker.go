package drat

import (
	"context"
	"errors"
)

// none is "no clause": the reason of a decision, or no conflict.
const none = ^uint32(0)

// binFlag marks, in a watch, a clause of two literals, whose other
// literal is the watch's blocker, or of one, watched by its literal with
// itself as the blocker: propagation never reads such a clause.
const binFlag = 1 << 31

// watch is an entry of a watch list: clause c watches the list's literal.
type watch struct {
	blk lit    // another literal of c: when it is true, c is satisfied
	c   uint32 // the clause, with binFlag for two literals
}

// pollEvery is how much work (assignments and steps) passes between two
// looks at the context: a few thousand keep Ctrl-C prompt and cost nothing.
const pollEvery = 4096

// errInternal reports a broken invariant of the checker, never an input.
var errInternal = errors.New("drat: internal error: the held clauses propagate to a conflict where the proof was checked to have none")

// checker holds the formula, the proof and the state of unit
// propagation over the clauses held at the current point of the proof.
//
// Invariants between propagations: trail holds the top-level
// assignment, every literal of it implied by unit propagation over the
// held clauses (its reason held); every held clause of two or more
// literals watches its first two, and when a watched literal is false
// and propagated (before head), the other watched literal is true.
type checker struct {
	db
	ctx       context.Context
	proof     []step
	where     []int64 // per lemma: the line or offset where it starts
	pivot     []lit   // per lemma: its first literal as the proof wrote it
	textProof bool
	stats     Stats
	read      int    // steps read, for polling while parsing
	tmp       []lit  // scratch
	lrat      bool   // record the hints of every check
	work      uint64 // assignments and steps, for polling
	poll      uint64 // when to look at ctx next

	vals      []int8   // per literal: 1 true, -1 false, 0 unassigned
	reason    []uint32 // per variable: the clause that implied it, none for a decision
	pos       []uint32 // per variable: its index in the trail
	trail     []lit
	head      int // trail[:head] is propagated over every clause
	headCore  int // trail[:headCore] is propagated over the marked clauses
	headAll   int // trail[:headAll] is propagated over the unmarked clauses too
	resume    int // where the visit of trail[headAll] stopped
	watches   [][]watch
	coreFirst bool

	// Conflict analysis.
	seen      []uint32 // per variable: == seenNow when seen in the current analysis
	seenNow   uint32
	inC       []uint32 // per variable: == curC when the lemma being checked holds it
	inD       []uint32 // per variable: == curD when the RAT candidate holds it
	curC      uint32
	curD      uint32
	pending   int
	topMarked []bool   // per variable: its reason and their reasons, down to the formula, are marked
	stack     []uint32 // variables whose reasons are to be marked
	gone      []lit    // scratch for truncate
	occ       []uint32 // the clauses that hold each literal, for RAT: occ[occAt[l]:occAt[l+1]]
	occAt     []uint32

	// LRAT: the hints of each checked lemma, in the order they are used.
	hints      []int32  // 1 + a clause number, -(1 + d) before the hints of RAT candidate d
	hintAt     []uint32 // per lemma: the start of its hints, + 1; 0 when it has none
	hintEnd    []uint32 // per lemma: the end of its hints
	buf        []int32  // hints of one analysis, in the reverse order
	final      []int32  // hints of the final conflict
	conflict   uint32   // the clause of the final conflict
	conflictAt int      // the step of the final conflict, -1 for the formula alone
}

func newChecker(ctx context.Context) *checker {
	return &checker{ctx: ctx, coreFirst: true}
}

// tick counts work and reports ctx's error every pollEvery units.
func (s *checker) tick() error {
	if s.work++; s.work < s.poll {
		return nil
	}
	s.poll = s.work + pollEvery
	return s.ctx.Err()
}

// setup sizes the per-variable state once the formula and proof are read.
func (s *checker) setup() {
	nv := s.vars.vars() + 1
	s.vals = make([]int8, 2*nv)
	s.reason = make([]uint32, nv)
	s.pos = make([]uint32, nv)
	s.seen = make([]uint32, nv)
	s.inC = make([]uint32, nv)
	s.inD = make([]uint32, nv)
	s.topMarked = make([]bool, nv)
	s.watches = make([][]watch, 2*nv)
	s.trail = make([]lit, 0, nv)
	s.grow()
	if s.lrat {
		n := len(s.start) - s.nOrig
		s.hintAt = make([]uint32, n)
		s.hintEnd = make([]uint32, n)
	}
}

func (s *checker) assign(l lit, r uint32) {
	s.vals[l] = 1
	s.vals[l.not()] = -1
	v := l.vr()
	s.reason[v] = r
	s.pos[v] = uint32(len(s.trail))
	s.trail = append(s.trail, l)
	s.work++
}

// undo unassigns trail[p:]. It keeps the invariants when trail[:p] was
// the whole trail at a point where they held, and what followed only
// propagated from there.
func (s *checker) undo(p int) {
	for _, l := range s.trail[p:] {
		s.vals[l] = 0
		s.vals[l.not()] = 0
		s.topMarked[l.vr()] = false
	}
	s.trail = s.trail[:p]
	s.head = min(s.head, p)
	s.headCore = min(s.headCore, p)
	if s.headAll >= p {
		s.headAll, s.resume = p, 0
	}
}

// attach adds clause c to the held clauses and reports whether all its
// literals are false. A clause with one literal left unassigned and the
// others false assigns it, to be propagated.
func (s *checker) attach(c uint32) bool {
	s.flags[c] |= fActive
	cl := s.clause(c)
	switch len(cl) {
	case 0:
		return true
	case 1:
		s.watches[cl[0]] = append(s.watches[cl[0]], watch{cl[0], c | binFlag})
		switch s.vals[cl[0]] {
		case 0:
			s.assign(cl[0], c)
		case -1:
			return true
		}
		return false
	}
	s.pick(cl, 0)
	s.pick(cl, 1)
	s.watchClause(c, cl)
	switch {
	case s.vals[cl[0]] < 0:
		return true
	case s.vals[cl[1]] < 0 && s.vals[cl[0]] == 0:
		s.assign(cl[0], c)
	}
	return false
}

// pick moves to cl[i] a literal of cl[i:] that is not false, or, when all
// are false, the one falsified last.
func (s *checker) pick(cl []lit, i int) {
	best := i
	for k := i; k < len(cl); k++ {
		if s.vals[cl[k]] >= 0 {
			best = k
			break
		}
		if s.pos[cl[k].vr()] > s.pos[cl[best].vr()] {
			best = k
		}
	}
	cl[i], cl[best] = cl[best], cl[i]
}

func (s *checker) watchClause(c uint32, cl []lit) {
	w := c
	if len(cl) == 2 {
		w |= binFlag
	}
	s.watches[cl[0]] = append(s.watches[cl[0]], watch{cl[1], w})
	s.watches[cl[1]] = append(s.watches[cl[1]], watch{cl[0], w})
}

// detach removes clause c from the held clauses.
func (s *checker) detach(c uint32) {
	s.flags[c] &^= fActive
	cl := s.clause(c)
	switch len(cl) {
	case 0:
	case 1:
		s.unwatch(cl[0], c)
	default:
		s.unwatch(cl[0], c)
		s.unwatch(cl[1], c)
	}
}

// unwatch removes clause c from the watch list of l. It looks from the
// end: the backward pass lets lemmas go in the reverse order it added
// them, and a watch list grows at its end.
func (s *checker) unwatch(l lit, c uint32) {
	ws := s.watches[l]
	for i := len(ws) - 1; i >= 0; i-- {
		if ws[i].c&^binFlag == c {
			last := len(ws) - 1
			ws[i] = ws[last]
			s.watches[l] = ws[:last]
			return
		}
	}
}

// reasonOf returns the literal that clause c is the reason of, if any.
func (s *checker) reasonOf(c uint32) (lit, bool) {
	cl := s.clause(c)
	for k := 0; k < len(cl) && k < 2; k++ {
		if l := cl[k]; s.vals[l] > 0 && s.reason[l.vr()] == c {
			return l, true
		}
	}
	return 0, false
}

// Modes of visit.
const (
	modeAll  = iota // every clause
	modeCore        // marked clauses only
	modeRest        // unmarked clauses only, stopping at the first unit
)

// visit goes through the watch list of f, which has become false, from
// entry from on, in the given mode. It returns the clause it finds
// falsified, or none; in modeRest, once it has assigned a literal, the
// entry to go on from, else -1.
func (s *checker) visit(f lit, mode int, from int) (uint32, int) {
	ws := s.watches[f]
	i, j := from, from
	for i < len(ws) {
		w := ws[i]
		i++
		if s.vals[w.blk] > 0 {
			ws[j] = w
			j++
			continue
		}
		c := w.c &^ binFlag
		if mode != modeAll && (s.flags[c]&fMarked != 0) != (mode == modeCore) {
			ws[j] = w
			j++
			continue
		}
		if w.c&binFlag != 0 {
			ws[j] = w
			j++
			if s.vals[w.blk] < 0 {
				j += copy(ws[j:], ws[i:])
				s.watches[f] = ws[:j]
				return c, -1
			}
			s.assign(w.blk, c)
			if mode == modeRest {
				r := j
				j += copy(ws[j:], ws[i:])
				s.watches[f] = ws[:j]
				return none, r
			}
			continue
		}
		cl := s.arena[s.start[c]:]
		if cl[0] == f {
			cl[0], cl[1] = cl[1], f
		}
		first := cl[0]
		if first != w.blk && s.vals[first] > 0 {
			ws[j] = watch{first, c}
			j++
			continue
		}
		moved := false
		for k := 2; cl[k] != 0; k++ {
			if q := cl[k]; s.vals[q] >= 0 {
				cl[1], cl[k] = q, f
				s.watches[q] = append(s.watches[q], watch{first, c})
				moved = true
				break
			}
		}
		if moved {
			continue
		}
		ws[j] = watch{first, c}
		j++
		if s.vals[first] < 0 {
			j += copy(ws[j:], ws[i:])
			s.watches[f] = ws[:j]
			return c, -1
		}
		s.assign(first, c)
		if mode == modeRest {
			r := j
			j += copy(ws[j:], ws[i:])
			s.watches[f] = ws[:j]
			return none, r
		}
	}
	s.watches[f] = ws[:j]
	return none, -1
}

// propagate propagates trail[head:] over every clause and returns the
// clause it finds falsified, or none.
func (s *checker) propagate() uint32 {
	for s.head < len(s.trail) {
		f := s.trail[s.head].not()
		s.head++
		if c, _ := s.visit(f, modeAll, 0); c != none {
			return c
		}
	}
	return none
}

// propagateCore propagates from headCore and headAll, core first, as
// drat-trim does: the marked clauses first, and an unmarked clause only
// when the marked ones imply nothing more, one unit at a time, so that
// the conflicts found lean on the clauses already in the core and the
// core stays small.
func (s *checker) propagateCore() uint32 {
	for {
		for s.headCore < len(s.trail) {
			f := s.trail[s.headCore].not()
			s.headCore++
			if c, _ := s.visit(f, modeCore, 0); c != none {
				return c
			}
		}
		found := false
		for s.headAll < len(s.trail) {
			f := s.trail[s.headAll].not()
			c, r := s.visit(f, modeRest, s.resume)
			if c != none {
				return c
			}
			if r >= 0 {
				s.resume = r
				found = true
				break
			}
			s.headAll++
			s.resume = 0
		}
		if !found {
			return none
		}
	}
}

// truncate unassigns trail[p:] when their order is not one the
// invariants were kept in (a lemma that was a reason goes), and restores
// them: a clause whose true watched literal was unassigned while its
// other one stays false watches another literal or, if it has none left,
// implies the one it watched again, and a unit clause whose literal was
// unassigned implies it again. Every such clause is in the watch list of
// a literal unassigned here, so only those lists are read.
func (s *checker) truncate(p int) {
	s.gone = append(s.gone[:0], s.trail[p:]...)
	s.undo(p)
	for _, t := range s.gone {
		if s.vals[t] != 0 {
			continue
		}
		ws := s.watches[t]
		for _, w := range ws {
			if s.vals[t] != 0 {
				break // implied again: true, it satisfies them all; false, propagation will visit them
			}
			c := w.c &^ binFlag
			if w.c&binFlag != 0 {
				if w.blk == t || s.vals[w.blk] < 0 { // a unit clause, or a binary one with the other false
					s.assign(t, c)
				}
				continue
			}
			cl := s.arena[s.start[c]:]
			if cl[1] == t {
				cl[0], cl[1] = t, cl[0]
			}
			o := cl[1]
			if s.vals[o] >= 0 {
				continue
			}
			moved := false
			for k := 2; cl[k] != 0; k++ {
				if q := cl[k]; s.vals[q] >= 0 {
					cl[1], cl[k] = q, o
					s.unwatch(o, c)
					s.watches[q] = append(s.watches[q], watch{t, c})
					moved = true
					break
				}
			}
			if !moved {
				s.assign(t, c)
			}
		}
	}
}

// forward adds the formula's clauses, then applies the proof's steps in
// order, propagating after each addition, until the held clauses
// propagate to a conflict. It returns the conflicting clause, the step
// that led to it (-1 for the formula alone, len(proof) when none did)
// and the length of the trail before that step. A deletion of a clause
// that is the reason of a top-level literal is ignored and flagged so.
func (s *checker) forward() (confl uint32, at int, p0 int, err error) {
	for c := range s.nOrig {
		if s.flags[c]&fTaut != 0 {
			continue
		}
		if s.attach(uint32(c)) {
			return uint32(c), -1, 0, nil
		}
	}
	if c := s.propagate(); c != none {
		return c, -1, 0, nil
	}
	for i, st := range s.proof {
		if err := s.tick(); err != nil {
			return none, 0, 0, err
		}
		c := uint32(st & stepClause)
		if st&stepDelete != 0 {
			if _, ok := s.reasonOf(c); ok {
				s.proof[i] |= stepIgnored
				s.stats.Ignored++
				continue
			}
			s.detach(c)
			continue
		}
		p0 := len(s.trail)
		if s.attach(c) {
			return c, i, p0, nil
		}
		if confl := s.propagate(); confl != none {
			return confl, i, p0, nil
		}
	}
	return none, len(s.proof), 0, nil
}

// run checks the proof read: forward to the conflict, then backward.
func (s *checker) run() (*Result, error) {
	s.setup()
	confl, at, p0, err := s.forward()
	if err != nil {
		return nil, err
	}
	res := &Result{}
	if confl == none {
		res.Reason = NoConflict
		res.Stats = s.stats
		return res, nil
	}
	s.conflict, s.conflictAt = confl, at
	if at >= 0 {
		s.stats.Conflict = int(uint32(s.proof[at]&stepClause)) - s.nOrig + 1
	}
	s.curC, s.curD = s.curC+1, s.curD+1
	s.explain(confl, 0, 0)
	s.final = s.collect(s.final[:0])
	if at >= 0 {
		s.undo(p0)
		if fail, err := s.backward(at); err != nil || fail != nil {
			if err != nil {
				return nil, err
			}
			res.Reason, res.Failed = NotImplied, fail
			res.Stats = s.stats
			return res, nil
		}
	}
	for c := range s.nOrig {
		if s.flags[c]&fMarked != 0 {
			s.stats.CoreClauses++
		}
	}
	res.Verdict = Verified
	res.Stats = s.stats
	return res, nil
}

// backward undoes the steps from at down to the first, checking every
// marked lemma against the clauses held just before it.
func (s *checker) backward(at int) (*Failure, error) {
	for i := at; i >= 0; i-- {
		if err := s.tick(); err != nil {
			return nil, err
		}
		st := s.proof[i]
		if st&stepIgnored != 0 {
			continue
		}
		c := uint32(st & stepClause)
		if st&stepDelete != 0 {
			if s.attach(c) {
				return nil, errInternal
			}
			continue
		}
		x, reason := s.reasonOf(c)
		s.detach(c)
		if reason {
			s.truncate(int(s.pos[x.vr()]))
		}
		if s.flags[c]&fMarked == 0 {
			continue
		}
		if s.propagate() != none {
			return nil, errInternal
		}
		ok, err := s.implied(c)
		if err != nil {
			return nil, err
		}
		if !ok {
			return s.failure(c), nil
		}
		s.flags[c] |= fChecked
		s.stats.CoreLemmas++
	}
	return nil, nil
}

// failure describes lemma c.
func (s *checker) failure(c uint32) *Failure {
	i := int(c) - s.nOrig
	f := &Failure{Lemma: i + 1}
	if s.where != nil {
		if s.textProof {
			f.Line = int(s.where[i])
		} else {
			f.Offset = s.where[i]
		}
	}
	for _, l := range s.lemma(c) {
		f.Clause = append(f.Clause, s.vars.external(l))
	}
	return f
}

// lemma returns the literals of lemma c, its first literal as the proof
// wrote it first, the others in the order propagation left them.
func (s *checker) lemma(c uint32) []lit {
	cl := s.clause(c)
	if len(cl) == 0 {
		return nil
	}
	out := make([]lit, 0, len(cl))
	p := s.pivot[int(c)-s.nOrig]
	out = append(out, p)
	for _, l := range cl {
		if l != p {
			out = append(out, l)
		}
	}
	return out
}
