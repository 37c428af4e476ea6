package sat

import (
	"math/bits"
	"sync"

	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
)

// PlacedBoxLine is Placed for a 9x9 grid on the formula that
// also has the segment literals (Options.Segments): unit
// propagation then does box-line as well as naked and hidden singles.
// A symbol whose places in a box lie in one row segment makes that
// segment hold it, which rules it out of the row's other segments
// (pointing), and a symbol whose places in a row lie in one box rules it
// out of the box's other rows (claiming); the same down the columns. It
// returns the cells that propagation places, 0 for a cell left open, and
// false on a contradiction; p must be a 9x9 grid, cells outside 0..9
// read as blanks. It builds no formula.
//
// The state is, for every digit and band of three rows, the band's
// cells that may hold it: 27 bits, bit 9*r+c for row r of the band and
// column c. The segments of a band for a digit form a 3x3 matrix (rows
// by boxes) with exactly one segment in each row and each box, and so do
// those of a stack (bands by columns); unit propagation on these
// exactly-ones is a look-up (boxLineTab).
func PlacedBoxLine(p sudoku.Instance) ([]int16, bool) {
	s := boxLine{t: blTab()}
	for i := range s.cand {
		s.cand[i] = blBand
	}
	for c, v := range p.Cells[:81] {
		if v >= 1 && v <= 9 && !s.place(c, int(v-1)) {
			return nil, false
		}
	}
	s.dirty = blBand
	if !s.propagate() {
		return nil, false
	}
	fixed := make([]int16, 81)
	for c, v := range s.fixed {
		fixed[c] = int16(v)
	}
	return fixed, true
}

// boxLine is PlacedBoxLine's state: cand[3*d+b] holds the cells of
// band b that may hold digit d+1, fixed the digit placed in each cell (0
// for none) and placed the placed cells of each band; dirty has bit
// 3*d+b when cand[3*d+b] changed since its units were last looked at; t
// is the tables.
type boxLine struct {
	cand   [27]uint32
	fixed  [81]int8
	placed [3]uint32
	dirty  uint32
	t      *blTables
}

const (
	blBand   = 1<<27 - 1        // the cells of a band
	blRow    = 1<<9 - 1         // the cells of a band's first row
	blCol    = 1 | 1<<9 | 1<<18 // the cells of a band's first column
	blBox    = 7 | 7<<9 | 7<<18 // the cells of a band's first box
	blThree  = 7
	blNoCell = -1
)

// place puts digit d in cell c: the cell's other digits go, and d goes
// from the cell's row, column and box; false when d cannot go there.
func (s *boxLine) place(c, d int) bool {
	b, k := c/27, c%27
	bit := uint32(1) << k
	if s.cand[3*d+b]&bit == 0 {
		return false
	}
	for e := range 9 {
		s.clear(3*e+b, bit)
	}
	r, col := k/9, k%9
	s.clear(3*d+b, uint32(blRow<<(9*r)|blBox<<(col/3*3)))
	s.cand[3*d+b] |= bit
	for o := range 3 {
		if o != b {
			s.clear(3*d+o, blCol<<col)
		}
	}
	s.fixed[c] = int8(d + 1)
	s.placed[b] |= bit
	return true
}

// clear takes the cells m from word i, marking it dirty if that changed
// it.
func (s *boxLine) clear(i int, m uint32) {
	if s.cand[i]&m != 0 {
		s.cand[i] &^= m
		s.dirty |= 1 << i
	}
}

// propagate applies naked singles, then hidden singles and the segments'
// exactly-ones of the words that changed, until nothing changes; false on
// a contradiction: a cell without a digit, or a unit or a segment matrix
// without a place for one.
func (s *boxLine) propagate() bool {
	t := s.t
	for {
		placed, ok := s.nakedSingles()
		if !ok {
			return false
		}
		if placed {
			continue
		}
		if s.dirty == 0 {
			return true
		}
		w := s.dirty
		s.dirty = 0
		digits := uint32(0)
		for ; w != 0; w &= w - 1 {
			i := bits.TrailingZeros32(w)
			d, b := i/3, i%3
			digits |= 1 << d
			x := s.cand[i]
			// Hidden singles in the band's rows and boxes.
			for u := range 6 {
				f := x >> t.shift[u] & t.mask[u]
				k := t.one[t.gather(u, f)]
				if f == 0 {
					return false
				}
				if k != blNoCell {
					if c := t.cell(u, k); s.placed[b]>>c&1 == 0 && !s.place(27*b+c, d) {
						return false
					}
				}
			}
			// The band's segments.
			x = s.cand[i]
			pat := t.rowSeg[x&blRow] | t.rowSeg[x>>9&blRow]<<3 | t.rowSeg[x>>18&blRow]<<6
			u := t.closure[pat]
			if u == 0 {
				return false
			}
			if u != pat {
				s.clear(i, x&^t.expand[u])
			}
		}
		for ; digits != 0; digits &= digits - 1 {
			if !s.columns(bits.TrailingZeros32(digits)) {
				return false
			}
		}
	}
}

// nakedSingles places every open cell left with one digit, reporting
// whether it placed any; false on a cell with none.
func (s *boxLine) nakedSingles() (placed, ok bool) {
	for b := range 3 {
		var one, two uint32
		for d := range 9 {
			x := s.cand[3*d+b]
			two |= one & x
			one |= x
		}
		if one != blBand {
			return placed, false
		}
		for m := one &^ two &^ s.placed[b]; m != 0; m &= m - 1 {
			k := bits.TrailingZeros32(m)
			for d := range 9 {
				if s.cand[3*d+b]>>k&1 != 0 {
					if !s.place(27*b+k, d) {
						return placed, false
					}
					placed = true
					break
				}
			}
		}
	}
	return placed, true
}

// columns places the hidden singles of digit d in the columns and
// applies each stack's segments: the column segments (a column's cells
// in one band) of a stack form a 3x3 matrix, bands by columns, with
// exactly one in each row and each column.
func (s *boxLine) columns(d int) bool {
	t := s.t
	x := [3]uint32{s.cand[3*d], s.cand[3*d+1], s.cand[3*d+2]}
	var one, two uint32
	for _, y := range x {
		for r := range 3 {
			f := y >> (9 * r) & blRow
			two |= one & f
			one |= f
		}
	}
	if one != blRow {
		return false // a column without d
	}
	for m := one &^ two; m != 0; m &= m - 1 {
		col := bits.TrailingZeros32(m)
		for b, y := range x {
			if c := y & (blCol << col); c != 0 {
				if k := bits.TrailingZeros32(c); s.placed[b]>>k&1 == 0 && !s.place(27*b+k, d) {
					return false
				}
			}
		}
	}
	for st := range 3 {
		var pat uint16
		for b := range 3 {
			y := s.cand[3*d+b]
			cols := (y | y>>9 | y>>18) >> (3 * st) & blThree
			pat |= uint16(cols) << (3 * b)
		}
		u := t.closure[pat]
		if u == 0 {
			return false
		}
		for b := range 3 {
			if gone := uint32(pat&^u) >> (3 * b) & blThree; gone != 0 {
				s.clear(3*d+b, gone<<(3*st)*blCol)
			}
		}
	}
	return true
}

// blTables are the look-ups of PlacedBoxLine.
type blTables struct {
	// The band's six units, rows then boxes: unit u's cells are those of
	// mask[u] << shift[u] (a box's three rows each).
	shift  [6]uint32
	mask   [6]uint32
	one    [512]int8   // one[f]: the one bit of a 9-bit field, or blNoCell
	rowSeg [512]uint16 // rowSeg[f]: the boxes (3 bits) a row field touches
	expand [512]uint32 // expand[m]: the cells of the segments m of a band
	// closure[m] is what unit propagation keeps of m, a 3x3 matrix of
	// segments (bit 3*i+j) with exactly one in each row i and each column
	// j: a row or a column left with one segment rules the others of that
	// segment's column or row out, until nothing changes; 0 when a row or
	// a column is left with none.
	closure [512]uint16
}

// gather returns the cells f of unit u as 9 bits in reading order.
func (t *blTables) gather(u int, f uint32) uint32 {
	if u < 3 {
		return f
	}
	return f&7 | f>>9&7<<3 | f>>18&7<<6
}

// cell returns the cell of the band that is bit k of unit u's gathered
// field.
func (t *blTables) cell(u int, k int8) int {
	if u < 3 {
		return 9*u + int(k)
	}
	return 9*(int(k)/3) + 3*(u-3) + int(k)%3
}

// blTab returns the tables, built at their first use and only read:
// built at initialisation, they took every run of the command, whatever
// it did, 185,000 instructions.
var blTab = sync.OnceValue(newBLTables)

func newBLTables() *blTables {
	t := new(blTables)
	for u := range 3 {
		t.shift[u], t.mask[u] = uint32(9*u), blRow
		t.shift[3+u], t.mask[3+u] = uint32(3*u), blBox
	}
	for f := range 512 {
		t.one[f] = blNoCell
		if f != 0 && f&(f-1) == 0 {
			t.one[f] = int8(bits.TrailingZeros(uint(f)))
		}
		for j := range 3 {
			if f>>(3*j)&7 != 0 {
				t.rowSeg[f] |= 1 << j
			}
			for r := range 3 {
				if f>>(3*r+j)&1 != 0 {
					t.expand[f] |= blThree << (9*r + 3*j)
				}
			}
		}
	}
	for m := range uint16(512) {
		u := m
		for changed := true; changed && u != 0; {
			changed = false
			for i := range 3 {
				row, col := u>>(3*i)&7, u&(0o111<<i)
				if row == 0 || col == 0 {
					u = 0
					break
				}
				if row&(row-1) == 0 { // one segment in row i: its column is its
					j := bits.TrailingZeros16(row)
					if v := u&^(0o111<<j) | 1<<(3*i+j); v != u {
						u, changed = v, true
					}
				}
				if col&(col-1) == 0 { // one in column i: its row is its
					r := bits.TrailingZeros16(col) / 3
					if v := u&^(7<<(3*r)) | 1<<(3*r+i); v != u {
						u, changed = v, true
					}
				}
			}
		}
		t.closure[m] = u
	}
	return t
}
