package native

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"

	"puzzlesat/puzzle"
)

// Sudoku returns the first answer that the search finds, puzzle.ErrNoSolution
// when there is none (givens that clash included), or ctx.Err() when ctx is
// done first. It does not look for a second answer. Box may be 2 to 5; an
// instance with another box, a wrong number of cells or a cell value
// outside 0..S gives an error of its own.
//
// The search keeps a candidate bitmask per cell. At every node it places
// naked singles (a cell with one candidate) and hidden singles (a symbol
// that fits one cell of a row, column or box), applies box-line
// interactions, fails on a cell or a unit symbol without a place, and then
// branches on a cell with the fewest candidates, preferring among those the
// cell whose units failed most often so far. Each branch works on a copy of
// the state.
func Sudoku(ctx context.Context, p puzzle.Sudoku) (puzzle.SudokuAnswer, Stats, error) {
	s, err := newSudokuSearch(ctx, p, 1)
	if err != nil {
		return puzzle.SudokuAnswer{}, Stats{}, err
	}
	s.run()
	st := Stats{Nodes: s.nodes}
	switch {
	case s.found > 0:
		return puzzle.SudokuAnswer{Cells: s.answer}, st, nil
	case s.err != nil:
		return puzzle.SudokuAnswer{}, st, s.err
	}
	return puzzle.SudokuAnswer{}, st, puzzle.ErrNoSolution
}

// CountSudoku returns the number of answers of p, stopping when it reaches
// limit (limit <= 0 means no limit). When ctx is done first it returns the
// answers found so far and ctx.Err().
func CountSudoku(ctx context.Context, p puzzle.Sudoku, limit int) (int, Stats, error) {
	return CountSudokuNodes(ctx, p, limit, 0)
}

// ErrNodeLimit is returned by a search that stopped at its node limit.
var ErrNodeLimit = errors.New("node limit reached")

// CountSudokuNodes is CountSudoku that also stops after maxNodes search
// nodes (maxNodes <= 0 means no bound), returning the answers found so far
// and ErrNodeLimit. Counting stays reproducible, unlike with a deadline.
func CountSudokuNodes(ctx context.Context, p puzzle.Sudoku, limit int, maxNodes int64) (int, Stats, error) {
	if limit <= 0 {
		limit = math.MaxInt
	}
	s, err := newSudokuSearch(ctx, p, limit)
	if err != nil {
		return 0, Stats{}, err
	}
	if maxNodes > 0 {
		s.maxNodes = maxNodes
	}
	s.run()
	return s.found, Stats{Nodes: s.nodes}, s.err
}

// sudokuSolved marks a cell whose symbol is placed. The low bits of a
// cell's mask are its candidates, bit v-1 standing for symbol v; a placed
// cell keeps just its own bit.
const sudokuSolved = 1 << 31

// sudokuCtxEvery is how many nodes pass between two looks at ctx: a node
// costs microseconds, so cancellation is seen within milliseconds.
const sudokuCtxEvery = 1024

// sudokuGeom holds the index tables of one box size.
type sudokuGeom struct {
	box, side, n int
	full         uint32  // all side symbols
	units        []int16 // 3*side units of side cells: rows, then columns, then boxes
	peers        []int16 // npeer cells sharing a unit with each cell, cell-major
	npeer        int
	unitsOf      [][3]int16 // the row, column and box unit of each cell
}

// sudokuGeoms holds the tables by box side, 2 to 5 (a side up to 25 fits in
// the 31 candidate bits). They are built at initialisation and only read.
var sudokuGeoms = [...]*sudokuGeom{2: newSudokuGeom(2), 3: newSudokuGeom(3), 4: newSudokuGeom(4), 5: newSudokuGeom(5)}

func newSudokuGeom(box int) *sudokuGeom {
	side := box * box
	g := &sudokuGeom{box: box, side: side, n: side * side, full: 1<<side - 1}
	g.npeer = 2*(side-1) + (box-1)*(box-1)
	g.unitsOf = make([][3]int16, g.n)
	for u := range 3 * side {
		for k := range side {
			c := g.unitCell(u, k)
			g.units = append(g.units, int16(c))
			g.unitsOf[c][u/side] = int16(u)
		}
	}
	seen := make([]int, g.n) // seen[o] == c+1: o is already a peer of c
	for c := range g.n {
		for _, u := range g.unitsOf[c] {
			for _, o := range g.units[int(u)*side : int(u)*side+side] {
				if int(o) != c && seen[o] != c+1 {
					seen[o] = c + 1
					g.peers = append(g.peers, o)
				}
			}
		}
	}
	return g
}

// unitCell returns the k-th cell of unit u.
func (g *sudokuGeom) unitCell(u, k int) int {
	switch i := u % g.side; u / g.side {
	case 0:
		return i*g.side + k
	case 1:
		return k*g.side + i
	default:
		r := i/g.box*g.box + k/g.box
		return r*g.side + i%g.box*g.box + k%g.box
	}
}

// sharedUnit returns a unit holding both cells a and b, which are peers.
func (g *sudokuGeom) sharedUnit(a, b int) int {
	ua, ub := g.unitsOf[a], g.unitsOf[b]
	for i := range ua {
		if ua[i] == ub[i] {
			return int(ua[i])
		}
	}
	return int(ua[0])
}

// sudokuSearch is one depth-first search for the answers of one puzzle.
type sudokuSearch struct {
	g        *sudokuGeom
	ctx      context.Context
	levels   [][]uint32 // the cell masks at each search depth
	queue    []int16    // cells left with one candidate, not placed yet
	seg      []uint32   // candidates of each row, then column, in each box it crosses
	weight   []int32    // failures seen in each unit, plus one
	removed  bool       // eliminate took a candidate away
	nodes    int64
	maxNodes int64  // stop with ErrNodeLimit after this many nodes
	limit    int    // stop after this many answers
	found    int    // answers found
	answer   []int8 // the first answer
	err      error  // ctx.Err() when the search was cut short
	clash    bool   // the givens contradict each other
}

// newSudokuSearch checks p and places its givens.
func newSudokuSearch(ctx context.Context, p puzzle.Sudoku, limit int) (*sudokuSearch, error) {
	if p.Box < 2 || p.Box >= len(sudokuGeoms) {
		return nil, fmt.Errorf("sudoku box %d outside 2..%d", p.Box, len(sudokuGeoms)-1)
	}
	g := sudokuGeoms[p.Box]
	if len(p.Cells) != g.n {
		return nil, fmt.Errorf("sudoku of box %d has %d cells, want %d", p.Box, len(p.Cells), g.n)
	}
	s := &sudokuSearch{g: g, ctx: ctx, limit: limit, maxNodes: math.MaxInt64, levels: [][]uint32{make([]uint32, g.n)}}
	s.queue = make([]int16, 0, g.n) // a propagation queues each cell at most once
	s.seg = make([]uint32, 2*g.side*g.box)
	s.weight = make([]int32, 3*g.side)
	for u := range s.weight {
		s.weight[u] = 1
	}
	st := s.levels[0]
	for c := range st {
		st[c] = g.full
	}
	for c, v := range p.Cells {
		if v < 0 || int(v) > g.side {
			return nil, fmt.Errorf("sudoku cell %d holds %d, want 0..%d", c, v, g.side)
		}
		if v == 0 || s.clash {
			continue
		}
		// A given that is no longer a candidate clashes with the givens
		// placed before it, or with what they force.
		bit := uint32(1) << (v - 1)
		s.clash = st[c]&bit == 0 || st[c]&sudokuSolved != 0 || !s.place(st, c, bit)
	}
	return s, nil
}

// run searches from the givens.
func (s *sudokuSearch) run() {
	if !s.clash && s.propagate(s.levels[0]) {
		s.search(0)
	}
}

// search explores the propagated state at depth d. Every answer puts one
// of the branching cell's candidates there, so trying each in turn misses
// none; a cell with the fewest candidates keeps the tree narrow.
func (s *sudokuSearch) search(d int) {
	s.nodes++
	if s.nodes > s.maxNodes {
		s.nodes--
		s.err = ErrNodeLimit
		return
	}
	if s.nodes%sudokuCtxEvery == 0 {
		if err := s.ctx.Err(); err != nil {
			s.err = err
			return
		}
	}
	st := s.levels[d]
	c := s.branchCell(st)
	if c < 0 {
		s.solution(st)
		return
	}
	if d+1 == len(s.levels) {
		s.levels = append(s.levels, make([]uint32, s.g.n))
	}
	child := s.levels[d+1]
	for m := st[c]; m != 0; m &= m - 1 {
		copy(child, st)
		s.queue = s.queue[:0]
		if s.place(child, c, m&-m) && s.propagate(child) {
			s.search(d + 1)
		}
		if s.found >= s.limit || s.err != nil {
			return
		}
	}
}

// branchCell returns an unsolved cell with the fewest candidates, among
// those the one whose units failed most often (conflict-directed, as dom/wdeg
// in constraint programming: it keeps the search near the hard part), or
// -1 when every cell is solved.
func (s *sudokuSearch) branchCell(st []uint32) int {
	best, bestN, bestW := -1, 99, int32(0)
	for c, m := range st {
		if m&sudokuSolved != 0 {
			continue
		}
		n := bits.OnesCount32(m)
		if n > bestN {
			continue
		}
		u := &s.g.unitsOf[c]
		w := s.weight[u[0]] + s.weight[u[1]] + s.weight[u[2]]
		if n < bestN || w > bestW {
			best, bestN, bestW = c, n, w
		}
	}
	return best
}

// solution counts the answer st and keeps the first.
func (s *sudokuSearch) solution(st []uint32) {
	s.found++
	if s.found > 1 {
		return
	}
	s.answer = make([]int8, len(st))
	for c, m := range st {
		s.answer[c] = int8(bits.TrailingZeros32(m&^sudokuSolved) + 1)
	}
}

// fail notes a contradiction in unit u for branchCell.
func (s *sudokuSearch) fail(u int) bool {
	s.weight[u]++
	return false
}

// place puts the symbol bit in cell c and removes it from the cell's
// peers, which share a unit with c and so cannot hold it too. Peers left
// with one candidate are queued. It returns false when a peer is left with
// none: no answer extends st.
func (s *sudokuSearch) place(st []uint32, c int, bit uint32) bool {
	st[c] = bit | sudokuSolved
	np := s.g.npeer
	for _, p := range s.g.peers[c*np : c*np+np] {
		m := st[p]
		if m&bit == 0 {
			continue
		}
		if m&sudokuSolved != 0 || m == bit { // a peer holds or must hold bit too
			return s.fail(s.g.sharedUnit(c, int(p)))
		}
		m &^= bit
		st[p] = m
		if m&(m-1) == 0 {
			s.queue = append(s.queue, p)
		}
	}
	return true
}

// eliminate removes the candidates mask from the unsolved cell c, queueing
// it when one candidate is left; false when none is.
func (s *sudokuSearch) eliminate(st []uint32, c int, mask uint32) bool {
	m := st[c]
	if m&sudokuSolved != 0 || m&mask == 0 {
		return true
	}
	s.removed = true
	m &^= mask
	st[c] = m
	if m == 0 {
		u := &s.g.unitsOf[c]
		s.weight[u[0]]++
		s.weight[u[1]]++
		return s.fail(int(u[2]))
	}
	if m&(m-1) == 0 {
		s.queue = append(s.queue, int16(c))
	}
	return true
}

// propagate applies singles and box-line interactions until none applies.
// It returns false on a contradiction: no answer extends st.
func (s *sudokuSearch) propagate(st []uint32) bool {
	for {
		if !s.drain(st) {
			return false
		}
		progress, ok := s.hiddenSingles(st)
		if !ok {
			return false
		}
		if !progress {
			if progress, ok = s.locked(st); !ok {
				return false
			}
		}
		if !progress {
			return true
		}
	}
}

// drain places the queued naked singles: a cell with one candidate can
// only take that symbol.
func (s *sudokuSearch) drain(st []uint32) bool {
	for len(s.queue) > 0 {
		c := s.queue[len(s.queue)-1]
		s.queue = s.queue[:len(s.queue)-1]
		m := st[c]
		if m&sudokuSolved != 0 {
			continue
		}
		if !s.place(st, int(c), m) {
			return false
		}
	}
	return true
}

// hiddenSingles places every symbol that fits only one cell of a unit:
// each unit holds every symbol once, so it must go there. A symbol that
// fits no cell of a unit is a contradiction. On the way it records the
// segments that locked reads; they are exact when nothing was placed.
func (s *sudokuSearch) hiddenSingles(st []uint32) (progress, ok bool) {
	g := s.g
	seg := s.seg
	for u := range 3 * g.side {
		unit := g.units[u*g.side : u*g.side+g.side]
		var once, twice, placed uint32
		if u < 2*g.side {
			segs := seg[u*g.box : u*g.box+g.box]
			clear(segs)
			for k, c := range unit {
				m := st[c]
				if m&sudokuSolved != 0 {
					placed |= m
					continue
				}
				segs[k/g.box] |= m
				twice |= once & m
				once |= m
			}
		} else {
			for _, c := range unit {
				m := st[c]
				if m&sudokuSolved != 0 {
					placed |= m
					continue
				}
				twice |= once & m
				once |= m
			}
		}
		if (once|placed)&g.full != g.full {
			return false, s.fail(u)
		}
		hidden := once &^ twice
		if hidden == 0 {
			continue
		}
		for ; hidden != 0; hidden &= hidden - 1 {
			if !s.placeIn(st, unit, hidden&-hidden) {
				return false, s.fail(u)
			}
		}
		if !s.drain(st) {
			return false, false
		}
		progress = true
	}
	return progress, true
}

// placeIn places bit in the one unsolved cell of unit that still allows
// it. There is none when an earlier hidden single of the same unit took
// that cell, and then the symbol has no place left.
func (s *sudokuSearch) placeIn(st []uint32, unit []int16, bit uint32) bool {
	for _, c := range unit {
		if m := st[c]; m&bit != 0 && m&sudokuSolved == 0 {
			return s.place(st, int(c), bit)
		}
	}
	return false
}

// locked applies the box-line interactions to rows, then to columns; it
// reports whether it removed a candidate. The cells that a line shares
// with a box form a segment. If a symbol's places in a box all lie in one
// segment, the box's copy of it sits in that line, so the rest of the line
// cannot hold it (pointing); if a symbol's places in a line all lie in one
// segment, the line's copy sits in that box, so the rest of the box cannot
// hold it (claiming). It reads the segments of the last hiddenSingles
// sweep, which placed nothing, so they are exact; its own removals can only
// make them too large, and a mask too large deduces less, or deduces in a
// state that has no answer anyway.
func (s *sudokuSearch) locked(st []uint32) (progress, ok bool) {
	g := s.g
	s.removed = false
	for kind := range 2 {
		seg := s.seg[kind*g.side*g.box : (kind+1)*g.side*g.box]
		for l := range g.side {
			band := l / g.box * g.box
			for j := range g.box {
				var line, box uint32 // candidates elsewhere in the line, elsewhere in the box
				for t := range g.box {
					if t != j {
						line |= seg[l*g.box+t]
					}
					if band+t != l {
						box |= seg[(band+t)*g.box+j]
					}
				}
				here := seg[l*g.box+j]
				if m := here &^ box & line; m != 0 && !s.pointing(st, kind*g.side+l, j, m) {
					return false, false
				}
				if m := here &^ line & box; m != 0 && !s.claiming(st, kind, band, l, j, m) {
					return false, false
				}
			}
		}
	}
	return s.removed, true
}

// pointing removes m from unit u outside its j-th segment.
func (s *sudokuSearch) pointing(st []uint32, u, j int, m uint32) bool {
	g := s.g
	for k, c := range g.units[u*g.side : u*g.side+g.side] {
		if k/g.box != j && !s.eliminate(st, int(c), m) {
			return false
		}
	}
	return true
}

// claiming removes m from the j-th segments of the lines of the kind in
// band other than line l.
func (s *sudokuSearch) claiming(st []uint32, kind, band, l, j int, m uint32) bool {
	g := s.g
	for l2 := band; l2 < band+g.box; l2++ {
		if l2 == l {
			continue
		}
		u := kind*g.side + l2
		for _, c := range g.units[u*g.side+j*g.box : u*g.side+j*g.box+g.box] {
			if !s.eliminate(st, int(c), m) {
				return false
			}
		}
	}
	return true
}
