package drat

// implied reports whether lemma c, no longer held, is RUP or RAT on its
// first literal with respect to the held clauses, and marks the clauses
// that show it. Its hints are recorded for LRAT.
//
// RUP: assigning the negation of every literal of c and propagating
// reaches a conflict. RAT on p, when RUP fails: for every held clause D
// holding ¬p, assigning in addition the negations of D's other literals
// and propagating reaches a conflict. (The RUP part leaves ¬p assigned:
// checking c ∪ D∖{¬p} rather than the resolvent is what drat-trim does,
// and is as sound, since a model of the formula that falsifies c
// falsifies p too.)
func (s *checker) implied(c uint32) (bool, error) {
	t0 := len(s.trail)
	s.headCore, s.headAll, s.resume = t0, t0, 0
	cl := s.clause(c)
	s.curC++
	s.curD++
	for _, l := range cl {
		s.inC[l.vr()] = s.curC
	}
	from := len(s.hints)
	defer s.record(c, from)
	// Satisfied at the top level: explain the literal made true first,
	// whose reasons then rest on no other literal of the lemma.
	var first lit
	for _, l := range cl {
		if s.vals[l] > 0 && (first == 0 || s.pos[l.vr()] < s.pos[first.vr()]) {
			first = l
		}
	}
	if first != 0 {
		s.explain(none, first, t0)
		s.hints = s.collect(s.hints)
		return true, nil
	}
	for _, l := range cl {
		if s.vals[l] == 0 {
			s.assign(l.not(), none)
		}
	}
	if confl := s.propagateCore(); confl != none {
		s.explain(confl, 0, t0)
		s.hints = s.collect(s.hints)
		s.undo(t0)
		return true, nil
	}
	if len(cl) == 0 {
		s.undo(t0)
		return false, nil
	}
	return s.rat(c, t0)
}

// rat checks lemma c by RAT on its first literal, its negation assigned
// and propagated from trail[t0:] without a conflict, and undoes the
// trail to t0.
func (s *checker) rat(c uint32, t0 int) (bool, error) {
	s.stats.RATChecks++
	np := s.pivot[int(c)-s.nOrig].not()
	t1 := len(s.trail)
	defer s.undo(t0)
	for _, d := range s.occurrences(np) {
		if err := s.tick(); err != nil {
			return false, err
		}
		if s.flags[d]&fActive == 0 {
			continue
		}
		s.curD++
		for i := s.start[d]; s.arena[i] != 0; i++ {
			s.inD[s.arena[i].vr()] = s.curD
		}
		if s.lrat {
			s.hints = append(s.hints, -int32(d+1))
		}
		// A literal of the candidate already true: the resolvent is a
		// tautology (the lemma holds its negation), or the lemma's
		// propagation alone satisfies it. Explain the literal made true
		// first, whose reasons then rest on no other literal of the
		// candidate: the check assumes those false.
		s.buf = s.buf[:0]
		var first lit
		taut := false
		for i := s.start[d]; s.arena[i] != 0; i++ {
			if q := s.arena[i]; q != np && s.vals[q] > 0 {
				if s.inC[q.vr()] == s.curC {
					taut = true
					break
				}
				if first == 0 || s.pos[q.vr()] < s.pos[first.vr()] {
					first = q
				}
			}
		}
		switch {
		case taut:
		case first != 0:
			s.explain(none, first, t0)
		default:
			for i := s.start[d]; s.arena[i] != 0; i++ {
				if q := s.arena[i]; s.vals[q] == 0 {
					s.assign(q.not(), none)
				}
			}
			confl := s.propagateCore()
			if confl == none {
				return false, nil
			}
			s.explain(confl, 0, t0)
		}
		s.hints = s.collect(s.hints)
		s.mark(d)
		s.undo(t1)
	}
	return true, nil
}

// occurrences returns the clauses, held or not, that hold l, in order.
// The index is built on the first call: proofs without RAT lemmas never
// pay its memory, one word per literal of the arena.
func (s *checker) occurrences(l lit) []uint32 {
	if s.occAt == nil {
		s.occAt = make([]uint32, len(s.vals)+1)
		for _, q := range s.arena {
			s.occAt[q+1]++ // the 0s that end clauses count for literal 0, never asked for
		}
		for i := 1; i < len(s.occAt); i++ {
			s.occAt[i] += s.occAt[i-1]
		}
		s.occ = make([]uint32, len(s.arena))
		next := append([]uint32(nil), s.occAt...)
		for c := range uint32(len(s.start)) {
			for i := s.start[c]; s.arena[i] != 0; i++ {
				q := s.arena[i]
				s.occ[next[q]] = c
				next[q]++
			}
		}
	}
	return s.occ[s.occAt[l]:s.occAt[l+1]]
}

// mark marks clause c as used by the refutation.
func (s *checker) mark(c uint32) { s.flags[c] |= fMarked }

// explain marks the clauses that derive a conflict of the current check,
// whose own assignments are trail[t0:]: the falsified clause confl and
// the reasons of its literals, recursively; or, when confl is none, the
// reason of the true literal t (if it is not a decision) and its
// reasons. Variables of the lemma and of the RAT candidate need no
// reason, their values being assumed. For LRAT, the clauses used are
// also put in buf, last used first.
//
// Without LRAT, the reasons of top-level literals are marked once per
// assignment: topMarked says a variable's reasons are marked down to the
// formula, so that a check does not walk the top-level trail again.
func (s *checker) explain(confl uint32, t lit, t0 int) {
	lo := t0
	if s.lrat {
		lo = 0 // LRAT hints name every clause used, top level included
	}
	s.seenNow++
	if s.seenNow == 0 {
		clear(s.seen)
		s.seenNow = 1
	}
	s.pending = 0
	s.buf = s.buf[:0]
	if confl != none {
		s.use(confl, 0, lo, false)
	} else if r := s.reason[t.vr()]; r != none {
		s.use(r, t.vr(), lo, false)
	}
	for i := len(s.trail) - 1; s.pending > 0; i-- {
		v := s.trail[i].vr()
		if s.seen[v] != s.seenNow {
			continue
		}
		s.pending--
		if r := s.reason[v]; r != none {
			s.use(r, v, lo, false)
		}
	}
	for len(s.stack) > 0 {
		v := s.stack[len(s.stack)-1]
		s.stack = s.stack[:len(s.stack)-1]
		if r := s.reason[v]; r != none {
			s.use(r, v, lo, true)
		}
	}
}

// use marks clause r, the reason of v (0 for a conflict), and sees the
// variables of its other literals: those assigned from trail[lo:] are
// walked by explain, those before go on the stack unless their reasons
// are marked already. top says r is the reason of a top-level literal,
// whose reasons are marked in full, so that topMarked stays true to its
// word.
func (s *checker) use(r uint32, v uint32, lo int, top bool) {
	s.mark(r)
	if s.lrat {
		s.buf = append(s.buf, int32(r+1))
	}
	for i := s.start[r]; ; i++ {
		q := s.arena[i]
		if q == 0 {
			return
		}
		u := q.vr()
		if u == v || !top && (s.inC[u] == s.curC || s.inD[u] == s.curD) {
			continue
		}
		switch {
		case int(s.pos[u]) >= lo:
			if s.seen[u] != s.seenNow {
				s.seen[u] = s.seenNow
				s.pending++
			}
		case !s.topMarked[u]:
			s.topMarked[u] = true
			s.stack = append(s.stack, u)
		}
	}
}

// collect appends to dst the clauses of the last analysis in the order
// an LRAT checker uses them, the falsified one last.
func (s *checker) collect(dst []int32) []int32 {
	if !s.lrat {
		return dst
	}
	for i := len(s.buf) - 1; i >= 0; i-- {
		dst = append(dst, s.buf[i])
	}
	return dst
}

// record notes that the hints of lemma c start at from.
func (s *checker) record(c uint32, from int) {
	if s.lrat {
		i := int(c) - s.nOrig
		s.hintAt[i], s.hintEnd[i] = uint32(from)+1, uint32(len(s.hints))
	}
}
