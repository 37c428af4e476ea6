package sudoku

import (
	"context"
	"math"
	"math/bits"

	"puzzlesat/internal/poll"
)

// The 9x9 path keeps, for every digit and every band of three rows, the
// cells of the band that may still hold the digit: 27 bits, bit 9*r+c for
// row r of the band and column c. A placed cell keeps its own digit's bit
// and is marked in solved. A state is 57 words, cheap to copy at a guess,
// and one machine operation updates a whole band of a digit (the layout
// of Zhouyundong's JCZSolve, with tables of our own).

const (
	s9Band  = 1<<27 - 1 // all cells of a band
	s9Field = 1<<9 - 1  // one row of a band, or one bit per column
)

// nineState is the search state of one node.
type nineState struct {
	cand   [3][9]uint32 // cand[b][d]: cells of band b that may hold digit d+1
	seen   [3][9]uint32 // cand as last analysed: an unchanged band is skipped
	solved [3]uint32    // placed cells
}

// nineTables are the masks and look-up tables of the 9x9 path.
type nineTables struct {
	peers    [27]uint32  // peers[k]: the cells of k's row and box inside its band, k too
	column   [9]uint32   // column[c]: the three cells of column c in a band
	box      [3]uint32   // box[j]: the nine cells of the j-th box of a band
	rowBoxes [512]uint16 // rowBoxes[f]: the boxes (bits 0-2) a row field f touches
	rowOne   [512]uint16 // rowOne[f]: the boxes where row field f has exactly one cell
	rowInfo  [512]uint32 // rowInfo[f]: rowBoxes[f] | rowOne[f]<<16
	allowed  [512]uint16 // allowed[s]: the union of the permutations inside segment pattern s
	lone     [512]uint16 // lone[a]: the segments of a alone in their row or in their box
	expand   [512]uint32 // expand[s]: the cells of the segments in s
}

// nine holds the tables, built at initialisation and only read.
var nine = newNineTables()

// newNineTables builds the tables. A band's segments are its nine
// row-box intersections, bit 3*r+j for row r and box j. The digit sits in
// exactly one segment of each row and of each box, and these are a
// permutation; allowed keeps the segments that lie on a permutation
// inside the pattern, which does the box-line interactions inside a band
// (a segment on no such permutation cannot hold the digit) and fails a
// band where a row or a box has nowhere left.
func newNineTables() nineTables {
	var t nineTables
	for k := range 27 {
		r, c := k/9, k%9
		for o := range 27 {
			if o/9 == r || o%9/3 == c/3 {
				t.peers[k] |= 1 << o
			}
		}
		t.column[c] |= 1 << k
		t.box[c/3] |= 1 << k
	}
	for f := range 512 {
		for j := range 3 {
			switch g := f >> (3 * j) & 7; {
			case g == 0:
			case g&(g-1) == 0:
				t.rowOne[f] |= 1 << j
				fallthrough
			default:
				t.rowBoxes[f] |= 1 << j
			}
		}
	}
	for f := range 512 {
		t.rowInfo[f] = uint32(t.rowBoxes[f]) | uint32(t.rowOne[f])<<16
	}
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for s := range 512 {
		for _, p := range perms {
			m := uint16(1<<p[0] | 1<<(3+p[1]) | 1<<(6+p[2]))
			if uint16(s)&m == m {
				t.allowed[s] |= m
			}
		}
		for seg := range 9 {
			if s>>seg&1 == 0 {
				continue
			}
			r, j := seg/3, seg%3
			t.expand[s] |= 7 << (9*r + 3*j)
			row, box := s>>(3*r)&7, s&(0o111<<j)
			if row&(row-1) == 0 || box&(box-1) == 0 {
				t.lone[s] |= 1 << seg
			}
		}
	}
	return t
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
	if s.found == 1 {
		s.answer = nineAnswer(st)
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
