package engine

import (
	"context"
	"fmt"
	"math/bits"
	"strings"
	"sync"

	"github.com/puzzlesat/puzzlesat/internal/poll"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

// The permutation search solves 9x9 puzzles on nine.go's bitboards (27
// bits per band and digit) with more propagation and another branching
// rule, after Tom Dillon's tdoku (https://t-dillon.github.io/tdoku/):
//   - the band rule of nine.go (a digit's three segments in a band, one
//     per row and per box, form one of six permutations), and the same
//     rule across a stack of three boxes: each column of the stack holds
//     the digit in one band, each band in one column of the stack. It
//     finds pointing and claiming both ways, and column hidden singles;
//   - minirows (the three cells of a row in a box) hold exactly three
//     digits: a minirow that fewer than three digits may reach, or that
//     more than three must reach, fails; three that may reach it must,
//     and three that must reach it keep the others out;
//   - branching on the band whose digits have the fewest permutations
//     left, and in it the digit with the fewest (two at best), one child
//     per permutation, instead of on a cell.
// On the hardest sets this halves the nodes of nine.go's search. Its
// first answer of a puzzle with several can differ from nine.go's: it
// counts (and serves nineorder.go), and does not choose the answer.

// permOrder[p] is the box of each row of a band's three in which
// permutation p puts a digit.
var permOrder = [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

// permSpread times a set of columns (as in s9Field) gives its cells in a
// band.
const permSpread = 1 | 1<<9 | 1<<18

// permTables are the tables of the permutation search beyond nine's.
type permTables struct {
	count  [512]uint8 // count[s]: the permutations inside segment pattern s
	perms  [512]uint8 // perms[s]: bit p for each permutation p inside s
	segs   [6]uint16  // segs[p]: the three segments of permutation p
	keep   [9]uint16  // keep[s]: segment s and those sharing neither its row nor its box
	others [3][2]int  // others[b]: the word offsets (9 times the band) of the other two bands
	band   [32]uint8  // band[9*b+d] = b
	digit  [32]uint8  // digit[9*b+d] = d
	// digitBit[9*b+d] = 1<<d: a look-up, where a shift by a variable
	// needs a test of its count.
	digitBit [32]uint32
	// From a segment pattern s, what nine.allowed[s] keeps, looked up at
	// once rather than through it: its cells, and the segments alone in
	// their row or box.
	kept [512]uint32 // nine.expand[nine.allowed[s]]
	lone [512]uint16 // nine.lone[nine.allowed[s]]
}

// permTab holds the tables, built at initialisation and only read.
var permTab = newPermTables()

// newPermTables builds the tables. Permutation p puts the digit in box
// order[p][r] of row r.
func newPermTables() permTables {
	var t permTables
	for p, o := range permOrder {
		t.segs[p] = uint16(1<<o[0] | 1<<(3+o[1]) | 1<<(6+o[2]))
	}
	for s := range 512 {
		for p, m := range t.segs {
			if uint16(s)&m == m {
				t.perms[s] |= 1 << p
			}
		}
		t.count[s] = uint8(bits.OnesCount8(t.perms[s]))
	}
	for s := range 9 {
		for o := range 9 {
			if o == s || (o/3 != s/3 && o%3 != s%3) {
				t.keep[s] |= 1 << o
			}
		}
	}
	t.others = [3][2]int{{9, 18}, {0, 18}, {0, 9}}
	for i := range 27 {
		t.band[i], t.digit[i], t.digitBit[i] = uint8(i/9), uint8(i%9), 1<<(i%9)
	}
	for s := range 512 {
		a := nine.allowed[s]
		t.kept[s], t.lone[s] = nine.expand[a], nine.lone[a]
	}
	return t
}

// permState is the search state of one node. Words are indexed 9*b+d
// for band b and digit d+1; the arrays have 32 entries so that an index
// masked with 31 needs no bounds check.
type permState struct {
	cand     [32]uint32 // cand[i]: the cells of band b that may hold digit d+1
	seg      [32]uint16 // seg[i]: cand[i]'s segments on a permutation, as last analysed
	solved   [4]uint32  // solved[b]: placed cells of band b
	dirty    uint32     // bit i: cand[i] changed since its band analysis
	pending  uint32     // bit d: digit d+1 changed since its stack analysis
	segDirty uint32     // not 0: some seg changed since the minirow pass
	rules    permRules  // what propagate applies
}

// nz is 1 when x, below 2^27, is not 0: a branch-free change flag.
func nz(x uint32) uint32 { return (x + s9Band) >> 27 }

// newPermState places the givens, which are 0 to 9; ok is false when
// they clash. Its rules are fullRules. Every word is analysed afterwards,
// so a given only takes its digit from its peers, without marking what
// changed; the filled cells leave the other digits' words at the end.
func newPermState(cells []int16) (st permState, ok bool) {
	st.rules = fullRules
	for i := range 27 {
		st.cand[i] = s9Band
	}
	var giv [27]uint32 // giv[9*b+d]: band b's cells given d+1
	for b := range 3 {
		base := 9 * b
		o := &permTab.others[b]
		for k, v := range cells[27*b : 27*b+27] {
			if v == 0 {
				continue
			}
			i := (base + int(v-1)%9) & 31
			bit := uint32(1) << k
			if st.cand[i]&bit == 0 {
				return st, false // a peer holds the same digit
			}
			st.cand[i] &^= nine.peers[k]
			giv[i] |= bit
			col := (bit | bit>>9 | bit>>18) & s9Field * permSpread
			d := i - base
			st.cand[(o[0]+d)&31] &^= col
			st.cand[(o[1]+d)&31] &^= col
		}
		st.solved[b] = giv[base] | giv[base+1] | giv[base+2] | giv[base+3] | giv[base+4] |
			giv[base+5] | giv[base+6] | giv[base+7] | giv[base+8]
	}
	for i := range 27 {
		st.cand[i] = st.cand[i]&^st.solved[i/9] | giv[i]
	}
	st.dirty, st.segDirty = s9Band, 1
	return st, true
}

// placeMany puts digit d in the cells m of band b, which share no row,
// box or column and whose row and box peers in cand[9*b+d] are gone
// already: the band's other digits and the other bands' columns lose them.
func (st *permState) placeMany(b, d int, m uint32) {
	st.solved[b&3] |= m
	base := 9 * b
	c := (*[9]uint32)(st.cand[base : base+9])
	keep := c[d]
	// Each word in turn, so that few values are live at once.
	x := c[0]
	c[0] = x &^ m
	ch := nz(x & m)
	x = c[1]
	c[1] = x &^ m
	ch |= nz(x&m) << 1
	x = c[2]
	c[2] = x &^ m
	ch |= nz(x&m) << 2
	x = c[3]
	c[3] = x &^ m
	ch |= nz(x&m) << 3
	x = c[4]
	c[4] = x &^ m
	ch |= nz(x&m) << 4
	x = c[5]
	c[5] = x &^ m
	ch |= nz(x&m) << 5
	x = c[6]
	c[6] = x &^ m
	ch |= nz(x&m) << 6
	x = c[7]
	c[7] = x &^ m
	ch |= nz(x&m) << 7
	x = c[8]
	c[8] = x &^ m
	ch |= nz(x&m) << 8
	c[d] = keep
	ch = (ch &^ (1 << d)) << base
	col := (m | m>>9 | m>>18) & s9Field * permSpread
	o := &permTab.others[b]
	i1, i2 := (o[0]+d)&31, (o[1]+d)&31
	y1, y2 := st.cand[i1], st.cand[i2]
	st.cand[i1], st.cand[i2] = y1&^col, y2&^col
	st.dirty |= ch | nz(y1&col)<<i1 | nz(y2&col)<<i2
}

// placeOne puts digit d, still a candidate, in cell k of band b.
func (st *permState) placeOne(b, d int, k uint) {
	bit := uint32(1) << (k & 31)
	i := (9*b + d) & 31
	x := st.cand[i]
	y := x&^nine.peers[k%27] | bit
	st.cand[i] = y
	st.dirty |= nz(x^y) << i
	st.placeMany(b, d, bit)
}

// permRules are the rules permState.propagate applies besides the band
// rule, one bit each: each only removes what no answer uses, so any of
// them may be left out without losing an answer. A state carries its
// rules (in the padding of its words: a copy costs the same), and the
// hidden and naked singles look at them only once they have found one.
type permRules uint8

const (
	ruleStack    permRules = 1 << iota // the stack rule; else nine.go's column rule
	ruleMinirows                       // the minirow rule
	ruleNaked                          // naked singles are placed
	ruleHidden                         // hidden singles (rows, boxes, columns) are placed
	ruleDead                           // a cell without a digit, or a column or box without a place for one, fails
)

// Two sets of rules: the permutation search's, and nine.go's, which
// define the order whose first answer a solve returns.
const (
	fullRules  = ruleStack | ruleMinirows | ruleNaked | ruleHidden | ruleDead
	orderRules = ruleNaked | ruleHidden | ruleDead
)

// propagate applies the band rule, naked singles, then the stack rule or
// nine.go's column rule, then the minirow rule, each while the ones before
// have nothing left, until none changes anything; r says which. It returns
// false on a contradiction. Each rule only removes what no answer uses, so
// the state it stops in does not depend on the order: with orderRules it
// is the state nineState.propagate stops in. st.rules says which rules;
// pr counts what they do.
func permPropagate[C trace.Counts](st *permState, pr *trace.Probe[C]) bool {
	t, pt := &nine, &permTab
	for {
		for st.dirty != 0 {
			i := bits.TrailingZeros32(st.dirty) & 31
			st.dirty &= st.dirty - 1
			x := st.cand[i]
			info := t.rowInfo[x&s9Field] | t.rowInfo[x>>9&s9Field]<<3 | t.rowInfo[x>>18&s9Field]<<6
			s := info & s9Field
			a, keep, lone := t.allowed[s], pt.kept[s], pt.lone[s]
			if a == 0 {
				return false
			}
			st.segDirty |= uint32(a ^ st.seg[i])
			st.seg[i] = a
			y := x & keep
			st.cand[i] = y
			b, d := int(pt.band[i]), int(pt.digit[i])
			st.pending |= pt.digitBit[i]
			// Hidden singles in rows and boxes, as in nineState.band.
			if m := y & t.expand[uint16(info>>16)&lone] &^ st.solved[b&3]; m != 0 {
				if st.rules&ruleHidden != 0 {
					pr.CutN(CutHiddenSingles, bits.OnesCount32(m))
					if pr.Tracing() {
						pr.Why(CutHiddenSingles, fmt.Sprintf("%s=%d: the one place of %d in its row or box", cellsOf(b, m), d+1, d+1))
					}
					st.placeMany(b, d, m)
				}
			}
		}
		placed, ok := permNakedSingles(st, pr)
		if !ok {
			return false
		}
		if placed {
			continue
		}
		for p := st.pending; p != 0; p &= p - 1 {
			d := bits.TrailingZeros32(p)
			if st.rules&ruleStack != 0 && !permStack(st, d, pr) || st.rules&ruleStack == 0 && !permColumns(st, d, pr) {
				return false
			}
		}
		st.pending = 0
		if st.dirty != 0 {
			continue
		}
		if st.rules&ruleMinirows == 0 || st.segDirty == 0 {
			return true
		}
		st.segDirty = 0
		if !permMinirows(st, pr) {
			return false
		}
		if st.dirty == 0 {
			return true
		}
	}
}

// nakedSingles places every free cell left with one digit (with
// ruleNaked). With ruleDead it fails on a cell with none, or on two such
// cells of one row or box with the same digit; without, the first of
// these is placed and the others stay free, without a digit. No other
// digit has such a cell, so placing it only takes the digit from its
// peers.
func permNakedSingles[C trace.Counts](st *permState, pr *trace.Probe[C]) (placed, ok bool) {
	for b := range 3 {
		c := (*[9]uint32)(st.cand[9*b : 9*b+9])
		one := c[0]
		two := one & c[1]
		one |= c[1]
		two |= one & c[2]
		one |= c[2]
		two |= one & c[3]
		one |= c[3]
		two |= one & c[4]
		one |= c[4]
		two |= one & c[5]
		one |= c[5]
		two |= one & c[6]
		one |= c[6]
		two |= one & c[7]
		one |= c[7]
		two |= one & c[8]
		one |= c[8]
		if one != s9Band && st.rules&ruleDead != 0 {
			pr.Cut(CutDeadCell)
			if pr.Tracing() {
				pr.Why(CutDeadCell, cellsOf(b, lowest(s9Band&^one))+" has no digit left")
			}
			return placed, false
		}
		singles := one &^ two &^ st.solved[b&3]
		if singles == 0 || st.rules&ruleNaked == 0 {
			continue
		}
		placed = true
		st.solved[b&3] |= singles
		o := &permTab.others[b]
		for d := range 9 {
			m := c[d] & singles
			if m == 0 {
				continue
			}
			x := c[d]
		again:
			y := x
			for f := m; f != 0; f &= f - 1 {
				k := bits.TrailingZeros32(f)
				p := nine.peers[k%27]
				if p&m != 1<<k {
					// Two of them share a row or a box: one is dead.
					if st.rules&ruleDead != 0 {
						pr.Cut(CutDeadCell)
						if pr.Tracing() {
							pr.Why(CutDeadCell, fmt.Sprintf("%s: %d is the last digit of two cells of a row or box", cellsOf(b, m&p), d+1))
						}
						return placed, false
					}
					kept := apart(m)
					st.solved[b&3] &^= m &^ kept
					singles &^= m &^ kept
					m = kept
					goto again
				}
				y &^= p
			}
			y |= m
			c[d] = y
			i := 9*b + d
			col := (m | m>>9 | m>>18) & s9Field * permSpread
			i1, i2 := (o[0]+d)&31, (o[1]+d)&31
			y1, y2 := st.cand[i1], st.cand[i2]
			st.cand[i1], st.cand[i2] = y1&^col, y2&^col
			st.dirty |= nz(x^y)<<i | nz(y1&col)<<i1 | nz(y2&col)<<i2
		}
		pr.CutN(CutNakedSingles, bits.OnesCount32(singles))
		if pr.Tracing() {
			pr.Why(CutNakedSingles, st.placedText(b, singles)+": each cell's last digit")
		}
	}
	return placed, true
}

// apart returns the cells of m, a band's, that share a row or a box with
// no cell of m before them.
func apart(m uint32) uint32 {
	var kept uint32
	for f := m; f != 0; f &= f - 1 {
		k := bits.TrailingZeros32(f)
		if nine.peers[k%27]&kept == 0 {
			kept |= 1 << k
		}
	}
	return kept
}

// stack applies the band rule to digit d across each stack: the
// pattern's rows are the bands, its boxes the stack's columns, and a
// segment is a band's cells in one column. Then (with ruleHidden) a
// column that only one band may hold, with one cell there, takes d. pr
// counts a stack that fails or narrows, and the singles.
func permStack[C trace.Counts](st *permState, d int, pr *trace.Probe[C]) bool {
	t := &nine
	i0, i1, i2 := d&31, (9+d)&31, (18+d)&31
	x0, x1, x2 := st.cand[i0], st.cand[i1], st.cand[i2]
	if x0&^st.solved[0]|x1&^st.solved[1]|x2&^st.solved[2] == 0 {
		return true // placed nine times
	}
	c0 := (x0 | x0>>9 | x0>>18) & s9Field
	c1 := (x1 | x1>>9 | x1>>18) & s9Field
	c2 := (x2 | x2>>9 | x2>>18) & s9Field
	a0 := uint32(t.allowed[c0&7|(c1&7)<<3|(c2&7)<<6])
	a1 := uint32(t.allowed[c0>>3&7|(c1>>3&7)<<3|(c2>>3&7)<<6])
	a2 := uint32(t.allowed[c0>>6|(c1>>6)<<3|(c2>>6)<<6])
	if a0 == 0 || a1 == 0 || a2 == 0 {
		pr.Cut(CutStackRule)
		if pr.Tracing() {
			pr.Why(CutStackRule, fmt.Sprintf("%d: no band and column of stack %d fit", d+1, stackOf(a0, a1, a2)+1))
		}
		return false
	}
	// The columns each band keeps.
	n0 := a0&7 | (a1&7)<<3 | (a2&7)<<6
	n1 := a0>>3&7 | (a1>>3&7)<<3 | (a2>>3&7)<<6
	n2 := a0>>6 | (a1>>6)<<3 | (a2>>6)<<6
	if n0 != c0 || n1 != c1 || n2 != c2 {
		y0, y1, y2 := x0&(n0*permSpread), x1&(n1*permSpread), x2&(n2*permSpread)
		pr.CutN(CutStackRule, bits.OnesCount32(x0^y0)+bits.OnesCount32(x1^y1)+bits.OnesCount32(x2^y2))
		if pr.Tracing() {
			pr.Why(CutStackRule, fmt.Sprintf("%d leaves %s: the band rule down the stacks", d+1, removedText(x0^y0, x1^y1, x2^y2)))
		}
		st.cand[i0], st.cand[i1], st.cand[i2] = y0, y1, y2
		st.dirty |= nz(x0^y0)<<i0 | nz(x1^y1)<<i1 | nz(x2^y2)<<i2
		x0, x1, x2 = y0, y1, y2
	}
	if st.rules&ruleHidden == 0 {
		return true
	}
	// The columns with one place for d in all: their free cells take d.
	var one, two uint32
	for _, f := range [9]uint32{x0, x0 >> 9, x0 >> 18, x1, x1 >> 9, x1 >> 18, x2, x2 >> 9, x2 >> 18} {
		f &= s9Field
		two |= one & f
		one |= f
	}
	single := (one &^ two) * permSpread
	s0, s1, s2 := x0&single&^st.solved[0], x1&single&^st.solved[1], x2&single&^st.solved[2]
	if s0|s1|s2 != 0 {
		permColumnSingles(st, 0, d, s0, pr)
		permColumnSingles(st, 1, d, s1, pr)
		permColumnSingles(st, 2, d, s2, pr)
	}
	return true
}

// columns is nineState.columns on st: a box or a column without digit d
// fails; a column with one free cell takes d (hidden single, with
// ruleHidden); a box whose cells for d lie in one column takes d there, so
// the column's other bands lose it (pointing). Unlike the stack rule it
// leaves claiming out. A digit placed nine times has nothing left to it.
// Without ruleDead, a box or column without d does not fail.
func permColumns[C trace.Counts](st *permState, d int, pr *trace.Probe[C]) bool {
	t := &nine
	i0, i1, i2 := d&31, (9+d)&31, (18+d)&31
	x0, x1, x2 := st.cand[i0], st.cand[i1], st.cand[i2]
	if x0&^st.solved[0]|x1&^st.solved[1]|x2&^st.solved[2] == 0 {
		return true
	}
	c0 := (x0 | x0>>9 | x0>>18) & s9Field
	c1 := (x1 | x1>>9 | x1>>18) & s9Field
	c2 := (x2 | x2>>9 | x2>>18) & s9Field
	if (t.rowBoxes[c0]&t.rowBoxes[c1]&t.rowBoxes[c2] != 7 || c0|c1|c2 != s9Field) && st.rules&ruleDead != 0 {
		pr.Cut(CutDeadCell)
		if pr.Tracing() {
			pr.Why(CutDeadCell, fmt.Sprintf("%d has no place left in a box or a column", d+1))
		}
		return false // a box or a column without the digit
	}
	m0 := (x0&(x0>>9) | x0&(x0>>18) | (x0>>9)&(x0>>18)) & s9Field
	m1 := (x1&(x1>>9) | x1&(x1>>18) | (x1>>9)&(x1>>18)) & s9Field
	m2 := (x2&(x2>>9) | x2&(x2>>18) | (x2>>9)&(x2>>18)) & s9Field
	// The column of each box that has one, spread over a band.
	p0 := c0 & t.expand[t.rowOne[c0]] * permSpread
	p1 := c1 & t.expand[t.rowOne[c1]] * permSpread
	p2 := c2 & t.expand[t.rowOne[c2]] * permSpread
	// The columns with one cell in all: free ones take d.
	one := s9Field &^ (m0 | m1 | m2 | c0&c1 | c0&c2 | c1&c2)
	if one != 0 && st.rules&ruleHidden != 0 {
		// Each is the only cell of its column, but an earlier one may
		// have taken its row or box.
		s0 := x0 & (one & c0 * permSpread) &^ st.solved[0]
		s1 := x1 & (one & c1 * permSpread) &^ st.solved[1]
		s2 := x2 & (one & c2 * permSpread) &^ st.solved[2]
		for ; s0 != 0; s0 &= s0 - 1 {
			if k := uint(bits.TrailingZeros32(s0)); st.cand[i0]>>k&1 != 0 {
				pr.Cut(CutHiddenSingles)
				permColumnSingle(st, 0, d, k, pr)
			}
		}
		for ; s1 != 0; s1 &= s1 - 1 {
			if k := uint(bits.TrailingZeros32(s1)); st.cand[i1]>>k&1 != 0 {
				pr.Cut(CutHiddenSingles)
				permColumnSingle(st, 1, d, k, pr)
			}
		}
		for ; s2 != 0; s2 &= s2 - 1 {
			if k := uint(bits.TrailingZeros32(s2)); st.cand[i2]>>k&1 != 0 {
				pr.Cut(CutHiddenSingles)
				permColumnSingle(st, 2, d, k, pr)
			}
		}
	}
	x0, x1, x2 = st.cand[i0], st.cand[i1], st.cand[i2]
	y0, y1, y2 := x0&^(p1|p2), x1&^(p0|p2), x2&^(p0|p1)
	st.cand[i0], st.cand[i1], st.cand[i2] = y0, y1, y2
	st.dirty |= nz(x0^y0)<<i0 | nz(x1^y1)<<i1 | nz(x2^y2)<<i2
	return true
}

// columnSingles places d in the cells m of band b, each the one place of
// d in its column.
func permColumnSingles[C trace.Counts](st *permState, b, d int, m uint32, pr *trace.Probe[C]) {
	i := (9*b + d) & 31
	for ; m != 0; m &= m - 1 {
		// An earlier single of the loop may have taken this one's row.
		if k := uint(bits.TrailingZeros32(m)); st.cand[i]>>k&1 != 0 {
			pr.Cut(CutHiddenSingles)
			permColumnSingle(st, b, d, k, pr)
		}
	}
}

// minirows applies the minirow rule to all 27 minirows at once, counting
// per segment (bit 9*b+s) the digits that may reach it (seg) and those
// that must (seg's segments alone in their row or box), in bit slices.
// pr counts a failure and each word narrowed.
func permMinirows[C trace.Counts](st *permState, pr *trace.Probe[C]) bool {
	t := &nine
	var may1, may2, may3, may4, must1, must2, must3, must4 uint32
	for d := range 9 {
		a0, a1, a2 := st.seg[d], st.seg[9+d], st.seg[18+d]
		x := uint32(a0) | uint32(a1)<<9 | uint32(a2)<<18
		c := uint32(t.lone[a0]) | uint32(t.lone[a1])<<9 | uint32(t.lone[a2])<<18
		may4 |= may3 & x
		may3 |= may2 & x
		may2 |= may1 & x
		may1 |= x
		must4 |= must3 & c
		must3 |= must2 & c
		must2 |= must1 & c
		must1 |= c
	}
	if may3 != s9Band || must4 != 0 {
		pr.Cut(CutMinirows)
		if pr.Tracing() {
			pr.Why(CutMinirows, minirowText(^may3&s9Band|must4)+" cannot hold exactly three digits")
		}
		return false
	}
	forced := may3 &^ may4 &^ must3 // three may and not all must: they must
	closed := must3 & may4          // three must and others may: they may not
	if forced|closed == 0 {
		return true
	}
	for b := range 3 {
		f, cl := uint16(forced>>(9*b)&s9Field), uint16(closed>>(9*b)&s9Field)
		if f|cl == 0 {
			continue
		}
		for i := 9 * b; i < 9*b+9; i++ {
			a := st.seg[i&31]
			nf, nc := f&a, cl&a&^t.lone[a]
			if nf|nc == 0 {
				continue
			}
			k := a &^ nc
			for ; nf != 0; nf &= nf - 1 {
				k &= permTab.keep[bits.TrailingZeros16(nf)]
			}
			na := t.allowed[k]
			if na == 0 {
				pr.Cut(CutMinirows)
				if pr.Tracing() {
					pr.Why(CutMinirows, fmt.Sprintf("%d has no place in band %d once its minirows hold three digits", i%9+1, b+1))
				}
				return false
			}
			if na != a {
				x := st.cand[i&31]
				y := x & t.expand[na]
				pr.CutN(CutMinirows, bits.OnesCount32(x^y))
				if pr.Tracing() {
					pr.Why(CutMinirows, fmt.Sprintf("%d leaves %s: its minirows hold three digits", i%9+1, cellsOf(b, x^y)))
				}
				st.cand[i&31], st.seg[i&31] = y, na
				st.dirty |= nz(x^y) << i
			}
		}
	}
	return true
}

// choice returns the word to branch on and its permutations (bit p for
// permutation p), or ok false when every digit's segments are known in
// every band.
func (st *permState) choice() (int, uint8, bool) {
	c := &permTab.count
	best, bb := 1<<30, -1
	for b := range 3 {
		g := (*[9]uint16)(st.seg[9*b : 9*b+9])
		n := int(c[g[0]]) + int(c[g[1]]) + int(c[g[2]]) + int(c[g[3]]) + int(c[g[4]]) +
			int(c[g[5]]) + int(c[g[6]]) + int(c[g[7]]) + int(c[g[8]])
		if n > 9 && n < best {
			best, bb = n, b
		}
	}
	if bb < 0 {
		return 0, 0, false
	}
	bi, bn := 0, uint8(7)
	for i := 9 * bb; i < 9*bb+9; i++ {
		if n := c[st.seg[i&31]]; n > 1 && n < bn {
			bi, bn = i, n
		}
	}
	return bi, permTab.perms[st.seg[bi&31]], true
}

// cell returns the first free cell with two digits left, or else the
// free cell with the fewest.
// digits returns the digits still possible in cell k of band b,
// ascending, and how many there are.
func (st *permState) digits(b int, k uint) ([9]int, int) {
	var ds [9]int
	n := 0
	for d := range 9 {
		if st.cand[9*b+d]>>k&1 != 0 {
			ds[n] = d
			n++
		}
	}
	return ds, n
}

func (st *permState) cell() (int, uint) {
	for b := range 3 {
		var one, two, three uint32
		for _, x := range (*[9]uint32)(st.cand[9*b : 9*b+9]) {
			three |= two & x
			two |= one & x
			one |= x
		}
		if m := two &^ three &^ st.solved[b&3]; m != 0 {
			return b, uint(bits.TrailingZeros32(m))
		}
	}
	best, bb, bk := 10, 0, uint(0)
	for b := range 3 {
		for m := s9Band &^ st.solved[b&3]; m != 0; m &= m - 1 {
			k := uint(bits.TrailingZeros32(m))
			n := 0
			for _, x := range (*[9]uint32)(st.cand[9*b : 9*b+9]) {
				n += int(x >> k & 1)
			}
			if n < best {
				best, bb, bk = n, b, k
			}
		}
	}
	return bb, bk
}

// permConfig is what the switches leave of the permutation search.
type permConfig struct {
	rules permRules // its states' rules
	bands bool      // branch on a band's digit permutations, else on a cell
	first bool      // branch on the first free cell, else on one with fewest digits
}

// permConfigOf reads the prunings on.
func permConfigOf(on technique.Bits) permConfig {
	c := permConfig{rules: fullRules, bands: on.Has(CutBandBranch) && on.Has(CutFewestFirst), first: !on.Has(CutFewestFirst)}
	for _, o := range []struct {
		cut  int
		rule permRules
	}{{CutStackRule, ruleStack}, {CutMinirows, ruleMinirows}, {CutNakedSingles, ruleNaked}, {CutHiddenSingles, ruleHidden}, {CutDeadCell, ruleDead}} {
		if !on.Has(o.cut) {
			c.rules &^= o.rule
		}
	}
	return c
}

// firstFree returns the first free cell in reading order; st has one.
func (st *permState) firstFree() (int, uint) {
	for b := range 3 {
		if m := s9Band &^ st.solved[b&3]; m != 0 {
			return b, uint(bits.TrailingZeros32(m))
		}
	}
	return 0, 0
}

// states lends the states of a search's branches, one per depth, kept
// from branch to branch and from search to search: a child state in a
// local variable would be moved to the heap, a recursive call taking its
// address. A state lent stays where it is while deeper ones are lent,
// even when the slice grows.
type states struct {
	s     []permState
	depth int
	// right is the room a recording search keeps its untried options
	// in: a walk holds one such list at a time.
	right []permState
}

// push lends the next state, a copy of st.
func (k *states) push(st *permState) *permState {
	if k.depth == len(k.s) {
		k.s = append(k.s, make([]permState, len(k.s)+8)...)
	}
	c := &k.s[k.depth]
	*c = *st
	k.depth++
	return c
}

// pop takes back the last state lent.
func (k *states) pop() { k.depth-- }

// scratch is what a 9x9 search keeps from one puzzle of a batch to the
// next, rather than allocate it again: its stack of states, and a
// solve's walk.
type scratch struct {
	stack states
	walk  walkState
}

// scratchPool keeps the scratch of the searches that ended.
var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// lend returns a scratch from the pool.
func lend() *scratch { return scratchPool.Get().(*scratch) }

// giveBack returns sc, whose states are all back, to the pool.
func giveBack(sc *scratch) {
	sc.stack.depth = 0
	scratchPool.Put(sc)
}

// permSearch is a depth-first search over permState values.
type permSearch[C trace.Counts] struct {
	permConfig
	stack    *states
	tracing  bool // its Probe records the tree
	tick     *poll.Ticker
	nodes    int64 // the decisions made: the children entered
	maxNodes int64 // the decisions it may make
	visits   int64 // the states propagated: the root and each child
	limit    int
	found    int
	fails    int64 // states whose propagation failed
	answer   []int16
	err      error
	// With record, a search that stops at its first answer keeps in right
	// the options it left untried on the way there, unpropagated: every
	// other answer lies below one of them.
	record bool
	right  []permState
}

// traced reports whether the search records its tree: never when it
// counts nothing, which its instance for trace.Uncounted knows when it
// is compiled.
func (s *permSearch[C]) traced() bool { return counting[C]() && s.tracing }

// counting reports whether a search counting into a trace.Probe[C]
// counts: a constant of each instance.
func counting[C trace.Counts]() bool {
	var c C
	return len(c) > 0
}

// solvePerm counts the answers of the 9x9 puzzle cells up to limit, or
// until maxNodes nodes or ctx is done, keeping the first it finds, with
// the prunings on.
func solvePerm[C trace.Counts](ctx context.Context, cells []int16, limit int, maxNodes int64, on technique.Bits, sink trace.Sink) Result {
	tick := poll.New(ctx)
	sc := lend()
	defer giveBack(sc)
	s := &permSearch[C]{permConfig: permConfigOf(on), stack: &sc.stack, tick: &tick, limit: limit, maxNodes: maxNodes}
	// A zero Probe counts; only one that records is started, on the heap.
	var counts trace.Probe[C]
	pr := &counts
	if sink != nil {
		p := new(trace.Probe[C])
		p.Start(sink)
		pr, s.tracing = p, true
	}
	if st, ok := newPermState(cells); ok {
		st.rules = s.rules
		s.search(&st, pr)
	}
	return Result{s.found, s.answer, s.nodes, s.err, pr.Counts(NumCuts)}
}

// search propagates st and branches until limit answers are found, the
// node budget is spent or ctx is done. When tracing, each child is a
// decision, the last one's too, which goes on in st: open counts those.
// pr counts the cuts and records the decisions.
func (s *permSearch[C]) search(st *permState, pr *trace.Probe[C]) {
	seg := &permTab.segs
	ex := &nine.expand
	open := 0
	for {
		s.visits++
		if !s.tick.Tick() {
			s.err = s.tick.Err()
			break
		}
		if !permPropagate(st, pr) {
			s.fails++
			break
		}
		if st.solved[0]&st.solved[1]&st.solved[2] == s9Band {
			s.solution(st, pr)
			break
		}
		i, p, ok := 0, uint8(0), false
		if s.bands {
			i, p, ok = st.choice()
		}
		if !ok {
			if !s.branchCell(st, pr) {
				break
			}
			open++
			continue
		}
		pr.Cut(CutFewestFirst)
		pr.Cut(CutBandBranch)
		if s.traced() {
			n := bits.OnesCount8(p)
			pr.Why(CutFewestFirst, fmt.Sprintf("band %d's %d: %d permutations, the fewest", i/9+1, i%9+1, n))
			pr.Why(CutBandBranch, fmt.Sprintf("a band's digit, not a cell: %d children", n))
		}
		// One child per permutation; the last goes on in st itself.
		stop := false
		for ; p&(p-1) != 0; p &= p - 1 {
			if !s.decide() {
				stop = true
				break
			}
			child := s.stack.push(st)
			child.cand[i&31] &= ex[seg[bits.TrailingZeros8(p)%6]]
			child.dirty |= 1 << i
			s.enterBand(pr, i, p)
			s.search(child, pr)
			s.stack.pop()
			s.leave(pr, 1)
			if s.found >= s.limit || s.err != nil {
				for q := p & (p - 1); s.record && s.found > 0 && q != 0; q &= q - 1 {
					c := *st
					c.cand[i&31] &= ex[seg[bits.TrailingZeros8(q)%6]]
					c.dirty |= 1 << i
					s.right = append(s.right, c)
				}
				stop = true
				break
			}
		}
		if stop || !s.decide() {
			break
		}
		st.cand[i&31] &= ex[seg[bits.TrailingZeros8(p)%6]]
		st.dirty |= 1 << i
		s.enterBand(pr, i, p)
		open++
	}
	s.leave(pr, open)
}

// decide counts a decision, reporting false (with err set) when the
// search has made all it may; the decision is not made then.
func (s *permSearch[C]) decide() bool {
	if s.nodes >= s.maxNodes {
		s.err = ErrNodeLimit
		return false
	}
	s.nodes++
	return true
}

// enterBand opens, when tracing, the decision that digit i's band takes
// its lowest permutation left in p.
func (s *permSearch[C]) enterBand(pr *trace.Probe[C], i int, p uint8) {
	if s.traced() {
		pr.Enter(bandLabel(i, bits.TrailingZeros8(p)))
	}
}

// enterCell opens, when tracing, the decision of digit d in cell k of
// band b.
func (s *permSearch[C]) enterCell(pr *trace.Probe[C], b, d int, k uint) {
	if s.traced() {
		pr.Enter(cellLabel(27*b+int(k), 9, d+1))
	}
}

// leave closes, when tracing, the last n decisions.
func (s *permSearch[C]) leave(pr *trace.Probe[C], n int) {
	if s.traced() {
		leaveN(pr, n)
	}
}

// leaveN closes the last n decisions of pr.
func leaveN[C trace.Counts](pr *trace.Probe[C], n int) {
	for range n {
		pr.Leave()
	}
}

// bandLabel names the decision that the digit of word i (9 times the
// band plus the digit less one) takes permutation p in its band: the box
// of each of its rows, such as "band 2: 7 in boxes 3 1 2".
func bandLabel(i, p int) string {
	o := permOrder[p%6]
	return fmt.Sprintf("band %d: %d in boxes %d %d %d", i/9+1, i%9+1, o[0]+1, o[1]+1, o[2]+1)
}

// cellLabel names the decision of digit v in cell c of a grid of the
// given side, such as "r3c5=7".
func cellLabel(c, side, v int) string {
	return fmt.Sprintf("r%dc%d=%d", c/side+1, c%side+1, v)
}

// branchCell tries the digits of a cell but the last on copies of st and
// puts the last in st, reporting whether the search goes on. Every answer
// puts one of them in the cell, so any free cell will do; one without a
// digit, which only a search without ruleDead meets, fails.
func (s *permSearch[C]) branchCell(st *permState, pr *trace.Probe[C]) bool {
	var b int
	var k uint
	if s.first {
		b, k = st.firstFree()
	} else {
		b, k = st.cell()
		pr.Cut(CutFewestFirst)
		if s.traced() {
			_, n := st.digits(b, k)
			pr.Why(CutFewestFirst, fmt.Sprintf("%s: %d digits, the fewest", cellsOf(b, 1<<k), n))
		}
	}
	ds, n := st.digits(b, k)
	if n == 0 {
		s.fails++
		return false
	}
	for j, d := range ds[:n-1] {
		if !s.decide() {
			return false
		}
		child := s.stack.push(st)
		child.placeOne(b, d, k)
		s.enterCell(pr, b, d, k)
		s.search(child, pr)
		s.stack.pop()
		s.leave(pr, 1)
		if s.found >= s.limit || s.err != nil {
			for _, e := range ds[j+1 : n] {
				if !s.record || s.found == 0 {
					break
				}
				c := *st
				c.placeOne(b, e, k)
				s.right = append(s.right, c)
			}
			return false
		}
	}
	if !s.decide() {
		return false
	}
	st.placeOne(b, ds[n-1], k)
	s.enterCell(pr, b, ds[n-1], k)
	return true
}

// solution counts the answer st and keeps the first.
func (s *permSearch[C]) solution(st *permState, pr *trace.Probe[C]) {
	if s.traced() {
		pr.Found()
	}
	s.found++
	if s.found > 1 {
		return
	}
	s.answer = st.answer()
}

// answer returns the cells of a solved st.
func (st *permState) answer() []int16 {
	a := make([]int16, 81)
	for i, m := range st.cand[:27] {
		b, d := i/9, i%9
		for ; m != 0; m &= m - 1 {
			a[27*b+bits.TrailingZeros32(m)] = int16(d + 1)
		}
	}
	return a
}

// columnSingle puts digit d in cell k of band b, the one place left to d
// in its column, saying so when tracing.
func permColumnSingle[C trace.Counts](st *permState, b, d int, k uint, pr *trace.Probe[C]) {
	if pr.Tracing() {
		pr.Why(CutHiddenSingles, fmt.Sprintf("%s=%d: the one place of %d in its column", cellsOf(b, 1<<k), d+1, d+1))
	}
	st.placeOne(b, d, k)
}

// cellsOf names the cells of m, a set of band b's, such as "r4c1 r5c7".
func cellsOf(b int, m uint32) string {
	var s []byte
	for ; m != 0; m &= m - 1 {
		k := bits.TrailingZeros32(m)
		if s != nil {
			s = append(s, ' ')
		}
		s = fmt.Appendf(s, "r%dc%d", 3*b+k/9+1, k%9+1)
	}
	return string(s)
}

// lowest returns the lowest bit of m.
func lowest(m uint32) uint32 { return m & -m }

// placedText names the cells of m, filled cells of band b, with their
// digits, such as "r4c1=3 r5c7=9".
func (st *permState) placedText(b int, m uint32) string {
	var s []byte
	for ; m != 0; m &= m - 1 {
		k := bits.TrailingZeros32(m)
		for d := range 9 {
			if st.cand[9*b+d]>>k&1 != 0 {
				if s != nil {
					s = append(s, ' ')
				}
				s = fmt.Appendf(s, "r%dc%d=%d", 3*b+k/9+1, k%9+1, d+1)
				break
			}
		}
	}
	return string(s)
}

// stackOf returns the first stack whose look-up, a, found no pattern.
func stackOf(a ...uint32) int {
	for j, x := range a {
		if x == 0 {
			return j
		}
	}
	return 0
}

// removedText names the cells of the sets of bands 0, 1 and 2 in m.
func removedText(m ...uint32) string {
	var s []string
	for b, x := range m {
		if x != 0 {
			s = append(s, cellsOf(b, x))
		}
	}
	return strings.Join(s, " ")
}

// minirowText names the minirows of m, bit 9*b+s for segment s of band
// b, such as "r4c1-3".
func minirowText(m uint32) string {
	var s []byte
	for ; m != 0; m &= m - 1 {
		i := bits.TrailingZeros32(m)
		b, seg := i/9, i%9
		if s != nil {
			s = append(s, ' ')
		}
		s = fmt.Appendf(s, "r%dc%d-%d", 3*b+seg/3+1, 3*(seg%3)+1, 3*(seg%3)+3)
	}
	return string(s)
}
