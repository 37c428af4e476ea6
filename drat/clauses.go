package drat

import (
	"github.com/puzzlesat/puzzlesat/cnf"
)

// lit is a literal in the checker's own numbering of variables: 2v for v
// and 2v+1 for ¬v, as cnf.Lit, but over the dense variables that varMap
// hands out, so that a proof that names variable 2^31-1 costs no more
// memory than one that names variable 3. lit(0) ends a clause in the
// arena; variable 0 is never used.
type lit uint32

func (l lit) not() lit   { return l ^ 1 }
func (l lit) vr() uint32 { return uint32(l >> 1) }
func (l lit) neg() bool  { return l&1 == 1 }
func mkLit(v uint32, neg bool) lit {
	if neg {
		return lit(v<<1 | 1)
	}
	return lit(v << 1)
}

// maxVar is the largest variable a proof may name: its literals must fit
// in 32 bits, as binary DRAT writes them (2v+1 < 2^32).
const maxVar = 1<<31 - 1

// varMap numbers the variables of the formula and the proof densely, in
// the order they first occur, and keeps the way back.
type varMap struct {
	small []uint32          // small[v]: the number given to variable v, 0 if none yet
	big   map[uint32]uint32 // the same for the variables beyond small
	ext   []uint32          // ext[i]: the variable numbered i; ext[0] is unused
}

// intern returns the number of variable v (1..maxVar), giving it the next
// one when v is new. small grows only to a size proportional to the
// variables seen, so that memory follows the input, not its numbers.
func (m *varMap) intern(v uint32) uint32 {
	if int(v) < len(m.small) {
		if i := m.small[v]; i != 0 {
			return i
		}
		i := m.next(v)
		m.small[v] = i
		return i
	}
	if limit := 2*len(m.ext) + 1<<16; int(v) < limit {
		n := max(2*len(m.small), int(v)+1, 1024)
		m.small = append(m.small, make([]uint32, min(n, limit)-len(m.small))...)
		return m.intern(v)
	}
	if i, ok := m.big[v]; ok {
		return i
	}
	if m.big == nil {
		m.big = map[uint32]uint32{}
	}
	i := m.next(v)
	m.big[v] = i
	return i
}

func (m *varMap) next(v uint32) uint32 {
	if len(m.ext) == 0 {
		m.ext = append(m.ext, 0)
	}
	m.ext = append(m.ext, v)
	return uint32(len(m.ext) - 1)
}

// vars returns the number of variables numbered so far.
func (m *varMap) vars() int { return max(len(m.ext)-1, 0) }

// external returns l in the formula's and proof's own numbering.
func (m *varMap) external(l lit) cnf.Lit {
	v := cnf.Var(m.ext[l.vr()])
	if l.neg() {
		return v.Neg()
	}
	return v.Pos()
}

// Clause flags.
const (
	fActive  uint8 = 1 << iota // in the clause set the checker holds now
	fMarked                    // used by the refutation: a marked lemma must be checked
	fTaut                      // holds a literal and its negation: never held, never needed
	fLemma                     // added by the proof, not in the formula
	fChecked                   // a lemma that passed its check
)

// db is the store of every clause, the formula's and the proof's: one
// flat arena of literals, each clause ended by 0, with the index of its
// start. Clause c of the formula is the formula's clause c; the lemmas
// follow in the order the proof adds them.
type db struct {
	vars  varMap
	arena []lit
	start []uint32 // start[c]: where clause c begins in arena
	flags []uint8
	nOrig int // clauses 0..nOrig-1 are the formula's

	stamp []uint32 // per literal, for normalising and comparing clauses
	now   uint32

	// The clauses present in proof order, by a hash of their literal
	// set, so that a deletion finds the clause it names; used while the
	// proof is read and dropped after.
	heads []uint32 // bucket → 1 + the first clause of its chain, 0 for none
	next  []uint32 // per clause: 1 + the next clause of its chain
	hash  []uint64 // per clause, while it is in the table
	count int      // clauses in the table
}

// clause returns the literals of clause c; the slice aliases the arena.
func (d *db) clause(c uint32) []lit {
	s := d.start[c]
	e := s
	for d.arena[e] != 0 {
		e++
	}
	return d.arena[s:e:e]
}

// newStamp starts a new stamp.
func (d *db) newStamp() uint32 {
	d.now++
	if d.now == 0 { // wrapped: clear the stamps and start again
		clear(d.stamp)
		d.now = 1
	}
	return d.now
}

// grow makes room in the per-literal stamps for the variables numbered so far.
func (d *db) grow() {
	if n := 2 * (d.vars.vars() + 1); len(d.stamp) < n {
		d.stamp = append(d.stamp, make([]uint32, max(n, 2*len(d.stamp))-len(d.stamp))...)
	}
}

// normalise removes repeated literals from ls in place, keeping the first
// of each, and reports whether ls holds a literal and its negation.
func (d *db) normalise(ls []lit) ([]lit, bool) {
	d.grow()
	now := d.newStamp()
	out := ls[:0]
	taut := false
	for _, l := range ls {
		switch {
		case d.stamp[l] == now:
			continue
		case d.stamp[l.not()] == now:
			taut = true
		}
		d.stamp[l] = now
		out = append(out, l)
	}
	return out, taut
}

// add stores a normalised clause and returns its number. A clause that is
// not a tautology enters the deletion table.
func (d *db) add(ls []lit, taut bool, lemma bool) (uint32, error) {
	if len(d.arena)+len(ls)+1 > 1<<32-1 || len(d.start) >= maxClauses {
		return 0, ErrTooLarge
	}
	c := uint32(len(d.start))
	d.start = append(d.start, uint32(len(d.arena)))
	d.arena = append(d.arena, ls...)
	d.arena = append(d.arena, 0)
	var f uint8
	if taut {
		f |= fTaut
	}
	if lemma {
		f |= fLemma
	}
	d.flags = append(d.flags, f)
	d.next = append(d.next, 0)
	d.hash = append(d.hash, 0)
	if !taut {
		d.insert(c, setHash(ls))
	}
	return c, nil
}

// setHash returns a hash of the set of literals ls that does not depend
// on their order.
func setHash(ls []lit) uint64 {
	var h uint64
	for _, l := range ls {
		x := uint64(l) * 0x9e3779b97f4a7c15
		x ^= x >> 29
		x *= 0xbf58476d1ce4e5b9
		h += x ^ x>>32
	}
	return h + uint64(len(ls))
}

// insert puts clause c, of hash h, at the head of its chain.
func (d *db) insert(c uint32, h uint64) {
	if d.count >= len(d.heads) {
		d.rehash(max(1024, 2*len(d.heads)))
	}
	b := h & uint64(len(d.heads)-1)
	d.hash[c] = h
	d.next[c] = d.heads[b]
	d.heads[b] = c + 1
	d.count++
}

// rehash moves the table to n buckets, a power of two.
func (d *db) rehash(n int) {
	old := d.heads
	d.heads = make([]uint32, n)
	for _, head := range old {
		for e := head; e != 0; {
			c := e - 1
			e = d.next[c]
			b := d.hash[c] & uint64(n-1)
			d.next[c] = d.heads[b]
			d.heads[b] = c + 1
		}
	}
}

// remove finds a clause of the table with the literal set of ls
// (normalised, not a tautology), takes it out of the table and returns
// it; ok is false when there is none. Of equal clauses the one added last
// goes first.
func (d *db) remove(ls []lit) (c uint32, ok bool) {
	if d.count == 0 {
		return 0, false
	}
	h := setHash(ls)
	now := d.newStamp()
	for _, l := range ls {
		d.stamp[l] = now
	}
	b := h & uint64(len(d.heads)-1)
	for p, e := &d.heads[b], d.heads[b]; e != 0; p, e = &d.next[e-1], d.next[e-1] {
		c := e - 1
		if d.hash[c] != h || !d.same(c, len(ls), now) {
			continue
		}
		*p = d.next[c]
		d.next[c] = 0
		d.count--
		return c, true
	}
	return 0, false
}

// same reports whether clause c has n literals, all stamped now.
func (d *db) same(c uint32, n int, now uint32) bool {
	k := 0
	for i := d.start[c]; d.arena[i] != 0; i++ {
		if k++; k > n || d.stamp[d.arena[i]] != now {
			return false
		}
	}
	return k == n
}

// dropTable frees the deletion table once the proof is read.
func (d *db) dropTable() {
	d.heads, d.next, d.hash = nil, nil, nil
}
