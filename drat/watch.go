package drat

// Watched literals: adding and removing clauses, unit propagation, and
// restoring the top level when a reason goes.

// binFlag marks, in a watch, a clause of two literals, whose other
// literal is the watch's blocker, or of one, watched by its literal with
// itself as the blocker: propagation never reads such a clause.
const binFlag = 1 << 31

// watch is an entry of a watch list: clause c watches the list's literal.
type watch struct {
	blk lit    // another literal of c: when it is true, c is satisfied
	c   uint32 // the clause, with binFlag for two literals
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
