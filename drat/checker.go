package drat

import (
	"context"
	"errors"
)

// none is "no clause": the reason of a decision, or no conflict.
const none = ^uint32(0)

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

	vals     []int8   // per literal: 1 true, -1 false, 0 unassigned
	reason   []uint32 // per variable: the clause that implied it, none for a decision
	pos      []uint32 // per variable: its index in the trail
	trail    []lit
	head     int // trail[:head] is propagated over every clause
	headCore int // trail[:headCore] is propagated over the marked clauses
	headAll  int // trail[:headAll] is propagated over the unmarked clauses too
	resume   int // where the visit of trail[headAll] stopped
	watches  [][]watch

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
	return &checker{ctx: ctx}
}

// tick counts work and reports ctx's error every pollEvery units.
func (s *checker) tick() error {
	if s.work++; s.work < s.poll {
		return nil
	}
	s.poll = s.work + pollEvery
	return s.ctx.Err()
}

// footprint estimates, in bytes, what setup and the watches add to the
// formula and proof held: 75 a variable (seven arrays, two watch lists and
// the trail) and 32 a clause (two watches, with room to grow).
func (s *checker) footprint() int64 {
	return 75*int64(s.vars.vars()+1) + 32*int64(len(s.start))
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
