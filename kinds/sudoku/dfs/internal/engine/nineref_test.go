package engine

import (
	"context"
	"math"
	"math/bits"

	"github.com/puzzlesat/puzzlesat/internal/poll"
)

// This file keeps the 9x9 search that chose the answers before the
// permutation search, as the reference of nine.go's order: solveOrdered
// must answer what it finds first, and the permutation search must count
// what it counts.

// nineState is the search state of one node.
type nineState struct {
	cand   [3][9]uint32 // cand[b][d]: cells of band b that may hold digit d+1
	seen   [3][9]uint32 // cand as last analysed: an unchanged band is skipped
	solved [3]uint32    // placed cells
}

// nineSearch is a depth-first search over nineState values.
type nineSearch struct {
	tick     poll.Ticker
	nodes    int64
	maxNodes int64
	limit    int
	found    int
	answer   []int16
	err      error
}

// solveNine solves or counts the 9x9 puzzle p (Box 3, 81 cells with
// values checked by the caller).
func solveNine(ctx context.Context, cells []int16, limit int, maxNodes int64) *nineSearch {
	s := &nineSearch{tick: poll.New(ctx), limit: limit, maxNodes: maxNodes}
	var st nineState
	for b := range st.cand {
		for d := range st.cand[b] {
			st.cand[b][d] = s9Band
		}
	}
	for i, v := range cells {
		if v == 0 {
			continue
		}
		b, k := i/27, uint(i%27)
		if st.cand[b][v-1]>>k&1 == 0 || st.solved[b]>>k&1 != 0 {
			return s // the givens clash
		}
		st.place(int(v-1), b, k)
	}
	s.search(&st)
	return s
}

// place puts digit d in cell k of band b: no other digit there, and no d
// in the rest of its row, box and column.
func (st *nineState) place(d, b int, k uint) {
	bit := uint32(1) << (k & 31)
	band := &st.cand[b]
	band[0] &^= bit
	band[1] &^= bit
	band[2] &^= bit
	band[3] &^= bit
	band[4] &^= bit
	band[5] &^= bit
	band[6] &^= bit
	band[7] &^= bit
	band[8] &^= bit
	band[d] = band[d]&^nine.peers[k%27] | bit
	col := nine.column[k%9]
	switch b {
	case 0:
		st.cand[1][d] &^= col
		st.cand[2][d] &^= col
	case 1:
		st.cand[0][d] &^= col
		st.cand[2][d] &^= col
	default:
		st.cand[0][d] &^= col
		st.cand[1][d] &^= col
	}
	st.solved[b] |= bit
}

// search propagates st and branches until limit answers are found, the
// node budget is spent or ctx is done.
func (s *nineSearch) search(st *nineState) {
	for {
		s.nodes++
		if s.nodes >= s.maxNodes {
			s.err = ErrNodeLimit
			return
		}
		if !s.tick.Tick() {
			s.err = s.tick.Err()
			return
		}
		if !st.propagate() {
			return
		}
		b, k, ok := st.bivalue()
		if !ok {
			if st.solved == [3]uint32{s9Band, s9Band, s9Band} {
				s.solution(st)
				return
			}
			b, k = st.fewest()
		}
		// Try every digit of cell k but the last on a copy; the last one
		// goes on in st itself.
		var ds [9]int
		n := 0
		for d, x := range st.cand[b] {
			if x>>k&1 != 0 {
				ds[n] = d
				n++
			}
		}
		for _, d := range ds[:n-1] {
			child := *st
			child.place(d, b, k)
			s.search(&child)
			if s.found >= s.limit || s.err != nil {
				return
			}
		}
		st.place(ds[n-1], b, k)
	}
}

// solution counts the answer st and keeps the first.
func (s *nineSearch) solution(st *nineState) {
	s.found++
	if s.found > 1 {
		return
	}
	s.answer = make([]int16, 81)
	for b := range st.cand {
		for d, m := range st.cand[b] {
			for ; m != 0; m &= m - 1 {
				s.answer[27*b+bits.TrailingZeros32(m)] = int16(d + 1)
			}
		}
	}
}

// propagate applies the band analysis with hidden singles in rows and
// boxes, and naked singles, until nothing changes; then the column rules,
// which cost more; and again while they change anything. It returns false
// on a contradiction.
func (st *nineState) propagate() bool {
	for {
		changed := false
		for b := range st.cand {
			if st.cand[b] == st.seen[b] {
				continue
			}
			for d := range 9 {
				// Read each digit afresh: the bands analysed before it
				// may have placed digits here.
				x := st.cand[b][d]
				if x == st.seen[b][d] {
					continue
				}
				if !st.band(d, b, x) {
					return false
				}
				changed = true
			}
		}
		placed, ok := st.nakedSingles()
		switch {
		case !ok:
			return false
		case placed || changed:
			continue
		}
		for d := range 9 {
			// A digit without free cells is placed nine times.
			if (st.cand[0][d]&^st.solved[0]|st.cand[1][d]&^st.solved[1]|st.cand[2][d]&^st.solved[2]) != 0 && !st.columns(d) {
				return false
			}
		}
		if st.cand == st.seen {
			return true
		}
	}
}

// band analyses digit d in band b, whose cells for it are x.
func (st *nineState) band(d, b int, x uint32) bool {
	t := &nine
	// Per row: the boxes it touches (low half) and those where it has
	// one cell (high half); a row is 9 bits, so x>>18 needs no mask.
	info := t.rowInfo[x&s9Field] | t.rowInfo[x>>9&s9Field]<<3 | t.rowInfo[x>>18&s9Field]<<6
	a := t.allowed[info&s9Field]
	if a == 0 {
		return false
	}
	x &= t.expand[a]
	st.cand[b][d], st.seen[b][d] = x, x
	// Hidden singles in the band's rows and boxes: a segment alone in its
	// row or box, with one cell. Any two of them are neither in one row
	// nor in one box (each lies on every permutation of a), so they can
	// all be placed. The cells of info's high half may have gone with a,
	// and are kept by x.
	for m := x & t.expand[uint16(info>>16)&t.lone[a]] &^ st.solved[b]; m != 0; m &= m - 1 {
		st.place(d, b, uint(bits.TrailingZeros32(m)))
	}
	return true
}

// columns checks digit d across the bands: a column with no cell fails; a
// column with one free cell takes d (hidden single); a box whose cells
// for d lie in one column takes d in that column, so the column's other
// bands lose it (pointing).
func (st *nineState) columns(d int) bool {
	t := &nine
	var any, multi, point [3]uint32
	for b := range 3 {
		x := st.cand[b][d]
		any[b] = (x | x>>9 | x>>18) & s9Field
		multi[b] = (x&(x>>9) | x&(x>>18) | (x>>9)&(x>>18)) & s9Field
		if t.rowBoxes[any[b]] != 7 {
			return false // a box without the digit
		}
		// The column of each box that has one, spread over a band.
		p := any[b] & t.expand[t.rowOne[any[b]]]
		point[b] = p | p<<9 | p<<18
	}
	if any[0]|any[1]|any[2] != s9Field {
		return false
	}
	one := s9Field &^ (multi[0] | multi[1] | multi[2] | any[0]&any[1] | any[0]&any[2] | any[1]&any[2])
	for b := range 3 {
		// The columns whose only cell lies in band b.
		p := one & any[b]
		for m := st.cand[b][d] & (p | p<<9 | p<<18) &^ st.solved[b]; m != 0; m &= m - 1 {
			if k := uint(bits.TrailingZeros32(m)); st.cand[b][d]>>k&1 != 0 {
				st.place(d, b, k)
			}
		}
	}
	st.cand[0][d] &^= point[1] | point[2]
	st.cand[1][d] &^= point[0] | point[2]
	st.cand[2][d] &^= point[0] | point[1]
	return true
}

// nakedSingles places every free cell left with one digit, band by band.
// It fails on a cell with no digit.
func (st *nineState) nakedSingles() (placed, ok bool) {
	for b := range st.cand {
		band := &st.cand[b]
		one := band[0]
		two := one & band[1]
		one |= band[1]
		two |= one & band[2]
		one |= band[2]
		two |= one & band[3]
		one |= band[3]
		two |= one & band[4]
		one |= band[4]
		two |= one & band[5]
		one |= band[5]
		two |= one & band[6]
		one |= band[6]
		two |= one & band[7]
		one |= band[7]
		two |= one & band[8]
		one |= band[8]
		if one != s9Band {
			return placed, false
		}
		for m := one &^ two &^ st.solved[b]; m != 0; m &= m - 1 {
			k := uint(bits.TrailingZeros32(m))
			d := 0
			for band[d]>>k&1 == 0 {
				d++
				if d == 9 {
					return placed, false // lost its digit to a single placed before it
				}
			}
			st.place(d, b, k)
			placed = true
		}
	}
	return placed, true
}

// bivalue returns the first free cell with two digits left.
func (st *nineState) bivalue() (int, uint, bool) {
	for b := range st.cand {
		var one, two, three uint32
		for _, x := range st.cand[b] {
			three |= two & x
			two |= one & x
			one |= x
		}
		if m := two &^ three &^ st.solved[b]; m != 0 {
			return b, uint(bits.TrailingZeros32(m)), true
		}
	}
	return 0, 0, false
}

// fewest returns the free cell with the fewest digits left; st has one.
func (st *nineState) fewest() (int, uint) {
	best, bb, bk := math.MaxInt, 0, uint(0)
	for b := range st.cand {
		for m := s9Band &^ st.solved[b]; m != 0; m &= m - 1 {
			k := uint(bits.TrailingZeros32(m))
			n := 0
			for _, x := range st.cand[b] {
				n += int(x >> k & 1)
			}
			if n < best {
				best, bb, bk = n, b, k
			}
		}
	}
	return bb, bk
}
