package engine

// The 9x9 searches keep, for every digit and every band of three rows,
// the cells of the band that may still hold the digit: 27 bits, bit 9*r+c
// for row r of the band and column c. A placed cell keeps its own digit's
// bit and is marked solved. A state is a few dozen words, cheap to copy at
// a guess, and one machine operation updates a whole band of a digit (the
// layout of Zhouyundong's JCZSolve, with tables of our own). This file
// holds the tables; nineperm.go the search that counts, nineorder.go the
// one that answers.

const (
	s9Band  = 1<<27 - 1 // all cells of a band
	s9Field = 1<<9 - 1  // one row of a band, or one bit per column
)

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
