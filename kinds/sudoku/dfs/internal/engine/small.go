package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"sync"

	"github.com/puzzlesat/puzzlesat/internal/poll"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

// solvedBit marks a cell whose symbol is placed. The low bits of a
// cell's mask are its candidates, bit v standing for symbol v+1; a placed
// cell keeps just its own bit.
const solvedBit = 1 << 63

// geom holds the index tables of one box size.
//
// A search state is one []uint32 of length size: the n cell masks, then a
// place mask for each unit u and symbol v at n + u*side + v (bit k: the
// k-th cell of u may hold v; a placed cell counts as a place of its
// symbol), then the number of cells not placed yet.
type geom struct {
	box, side, n int
	size         int
	full         uint64     // all side symbols; also all side places of a unit
	units        []int16    // 3*side units of side cells: rows, then columns, then boxes
	unitsOf      [][3]int16 // the row, column and box unit of each cell
	posOf        [][3]uint8 // the cell's index in each of those units
	placeOf      [][3]int32 // where the place masks of those units start in a state
	seg          []uint64   // seg[j]: the places of a line inside its j-th box
	boxRow       []uint64   // boxRow[t]: the places of a box in its t-th row
	boxCol       []uint64   // boxCol[t]: the places of a box in its t-th column
	segAt        [64]uint64 // segAt[k]: the seg holding place k
	rowAt, colAt [64]uint64 // the boxRow and boxCol holding place k
	div, mod     [64]int    // k/box and k%box, without dividing
}

// smallMax is the largest box of smallSearch: a side up to 49 fits
// in the 63 candidate bits.
const smallMax = 7

// geoms gives the tables by box side, 2 to smallMax. Each is
// built on first use (a process that solves no such grid does not pay for
// them at start) and only read after.
var geoms = [...]func() *geom{2: geomOnce(2), 3: geomOnce(3), 4: geomOnce(4), 5: geomOnce(5), 6: geomOnce(6), 7: geomOnce(7)}

func geomOnce(box int) func() *geom {
	return sync.OnceValue(func() *geom { return newGeom(box) })
}

func newGeom(box int) *geom {
	side := box * box
	g := &geom{box: box, side: side, n: side * side, full: 1<<side - 1}
	g.size = g.n + 3*side*side + 1
	g.unitsOf = make([][3]int16, g.n)
	g.posOf = make([][3]uint8, g.n)
	g.placeOf = make([][3]int32, g.n)
	for u := range 3 * side {
		for k := range side {
			c := g.unitCell(u, k)
			g.units = append(g.units, int16(c))
			g.unitsOf[c][u/side] = int16(u)
			g.posOf[c][u/side] = uint8(k)
			g.placeOf[c][u/side] = int32(g.n + u*side)
		}
	}
	g.seg = make([]uint64, box)
	g.boxRow = make([]uint64, box)
	g.boxCol = make([]uint64, box)
	for k := range side {
		g.seg[k/box] |= 1 << k // a line's places k run along it
		g.boxRow[k/box] |= 1 << k
		g.boxCol[k%box] |= 1 << k
	}
	for k := range side {
		g.segAt[k], g.rowAt[k], g.colAt[k] = g.seg[k/box], g.boxRow[k/box], g.boxCol[k%box]
		g.div[k], g.mod[k] = k/box, k%box
	}
	return g
}

// unitCell returns the k-th cell of unit u.
func (g *geom) unitCell(u, k int) int {
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

// place returns the index of the place mask of symbol v in unit u.
func (g *geom) place(u, v int) int { return g.n + u*g.side + v }

// smallSearch is one depth-first search for the answers of one puzzle.
type smallSearch struct {
	g         *geom
	tick      poll.Ticker // looks at the context every poll.Every steps (nodes and look-ahead probes)
	levels    [][]uint64  // the state at each search depth
	queue     []uint32    // cell<<5 | symbol: placements forced, not done yet
	locks     []uint32    // u*side + v: place masks of unit u and symbol v newly inside one line or box
	weight    []uint32    // failures seen in each unit, plus one
	lookahead bool        // probe the choices at every node
	look      *lookahead
	tracing   bool  // a probe is running: note the cells it changes in look.trail
	elims     int64 // candidates removed so far
	nodes     int64 // the options tried, the search's decisions
	// states counts the calls of search, the states it reached: its
	// schedules (maxNodes, plainNodes) read it, as they did before the
	// nodes were the decisions, so that no search changes its course.
	states   int64
	maxNodes int64          // stop with ErrNodeLimit after this many states
	limit    int            // stop after this many answers
	found    int            // answers found
	answer   []int16        // the first answer
	err      error          // ctx.Err() when the search was cut short
	clash    bool           // the givens contradict each other
	on       technique.Bits // the prunings on, by the Cut constants
	// counts holds the cuts of the search when counting; cuts points to
	// it, or during a look-ahead probe to scratch, as what a probe does is
	// look-ahead's. The search is not generic in its counts, as the other
	// searches are: as methods of a generic type its hot loops (assign,
	// eliminate, unplace) spill the dictionary's register, which costs
	// more than testing counting where a cut is counted (docs/results.md).
	counting        bool
	counts, scratch trace.Probe[trace.Counted]
	cuts            *trace.Probe[trace.Counted]
}

// cut counts one act of pruning k, when counting.
func (s *smallSearch) cut(k int) {
	if s.counting {
		s.cuts.Cut(k)
	}
}

// Queue entries that a single forced carry its pruning, so that the cell
// it fills counts: bits 30 and 31 hold the index in the cut counts plus
// one, bits 6 to 29 the cell, bits 0 to 5 the symbol.
const (
	tagNaked  = (CutNakedSingles + 1) << 30
	tagHidden = (CutHiddenSingles + 1) << 30
	cellMask  = 1<<24 - 1
)

// newSmallSearch checks p and places its givens, with the prunings on.
func newSmallSearch(ctx context.Context, p sudoku.Instance, limit int, on technique.Bits, counting bool, sink trace.Sink) *smallSearch {
	g := geoms[p.Box]()
	s := &smallSearch{g: g, tick: poll.New(ctx), limit: limit, maxNodes: math.MaxInt64, on: on, counting: counting}
	if counting {
		s.counts.Start(sink)
	}
	s.cuts = &s.counts
	// One allocation holds the root state, the queues and the weights.
	s.levels = [][]uint64{make([]uint64, g.size)}
	slab := make([]uint32, 2*g.n+3*g.side)
	s.queue = slab[0:0:g.n]
	s.locks = slab[g.n : g.n : 2*g.n]
	s.weight = slab[2*g.n:]
	for u := range s.weight {
		s.weight[u] = 1
	}
	s.clash = !s.start(s.levels[0], p.Cells) || !s.propagate(s.levels[0])
	return s
}

// runSmall solves or counts p, whose box is 2 to smallMax, with
// smallSearch and the prunings on.
func runSmall[C trace.Counts](ctx context.Context, p sudoku.Instance, limit int, maxNodes int64, on technique.Bits, sink trace.Sink) Result {
	var probe trace.Probe[C]
	s := newSmallSearch(ctx, p, limit, on, probe.Counting(), sink)
	s.maxNodes = maxNodes
	s.run()
	var cuts []int64
	if s.counting {
		cuts = s.counts.Counts(NumCuts)
	}
	return Result{s.found, s.answer, s.nodes, s.err, cuts}
}

// start sets st to the givens and the candidates they leave, all at once
// (placing the givens one by one costs more), and queues the singles and
// box-line interactions of that state. It returns false when the givens
// contradict each other.
func (s *smallSearch) start(st []uint64, cells []int16) bool {
	g := s.g
	var used [3 * 49]uint64 // the symbols given in each unit
	free := g.n
	for c, v := range cells {
		if v == 0 {
			continue
		}
		bit := uint64(1) << (v - 1)
		for _, u := range g.unitsOf[c] {
			if used[u]&bit != 0 {
				return false // two equal givens in one unit
			}
			used[u] |= bit
		}
		st[c] = bit | solvedBit
		free--
	}
	st[g.size-1] = uint64(free)
	for c, v := range cells {
		if v == 0 {
			u := &g.unitsOf[c]
			st[c] = g.full &^ (used[u[0]] | used[u[1]] | used[u[2]])
		}
	}
	places := st[g.n : g.size-1]
	clear(places)
	for u := range 3 * g.side {
		unit := places[u*g.side : u*g.side+g.side]
		for k, c := range g.units[u*g.side : u*g.side+g.side] {
			for m := st[c] &^ solvedBit; m != 0; m &= m - 1 {
				unit[bits.TrailingZeros64(m)] |= 1 << k
			}
		}
	}
	for c, m := range st[:g.n] {
		switch {
		case m == 0:
			if s.on.Has(CutDeadCell) {
				s.cut(CutDeadCell)
				if s.counts.Tracing() {
					s.cuts.Why(CutDeadCell, "the givens leave "+cellName(c, g.side)+" no candidate")
				}
				return false
			}
		case m&(m-1) == 0 && s.on.Has(CutNakedSingles):
			s.queue = append(s.queue, tagNaked|uint32(c)<<6|uint32(bits.TrailingZeros64(m)))
		}
	}
	for i, pm := range places {
		u := i / g.side
		switch {
		case pm == 0:
			if s.on.Has(CutDeadCell) {
				s.cut(CutDeadCell)
				if s.counts.Tracing() {
					s.cuts.Why(CutDeadCell, fmt.Sprintf("the givens leave %d no place in %s", i%g.side+1, unitName(u, g.side)))
				}
				return false
			}
		case pm&(pm-1) == 0:
			if o := g.units[u*g.side+bits.TrailingZeros64(pm)]; s.on.Has(CutHiddenSingles) && st[o]&solvedBit == 0 {
				s.queue = append(s.queue, tagHidden|uint32(o)<<6|uint32(i%g.side))
			}
		case s.on.Has(CutBoxLine) && g.confined(u/g.side, pm):
			s.locks = append(s.locks, uint32(i))
		}
	}
	return true
}

// run searches from the givens, first without look-ahead and then, if
// that takes more than plainNodes nodes, with it: from scratch when
// no answer was found yet, else from where the search is.
func (s *smallSearch) run() {
	if s.clash {
		return
	}
	s.search(0)
	if s.err == errRestart {
		s.err = nil
		if s.counts.Tracing() {
			s.counts.Level(fmt.Sprintf("again, with look-ahead (past %d states)", plainNodes))
			defer s.counts.Leave()
		}
		s.search(0)
	}
}

// errRestart stops the search without look-ahead, to start over
// with it.
var errRestart = errors.New("restart with look-ahead")

// stop counts a step and reports whether the search must stop.
func (s *smallSearch) stop() bool {
	if !s.tick.Tick() && s.err == nil {
		s.err = s.tick.Err()
	}
	return s.err != nil
}

// search explores the propagated state at depth d. Every answer puts one
// of the branching constraint's options in place, so trying each in turn
// misses none.
func (s *smallSearch) search(d int) {
	switch {
	case s.states >= s.maxNodes:
		s.err = ErrNodeLimit
		return
	case !s.lookahead && s.on.Has(CutLookAhead) && s.states >= plainNodes:
		s.lookahead = true
		if s.found == 0 {
			// Starting over costs less than going on with the choices
			// made without look-ahead above, and finds no answer twice.
			s.err = errRestart
			return
		}
	}
	s.states++
	if s.stop() {
		return
	}
	st := s.levels[d]
	var options [64]uint32
	opts := options[:0]
	if s.lookahead && st[s.g.size-1] != 0 {
		var ok bool
		if opts, ok = s.lookAhead(st, opts); !ok {
			return
		}
	}
	if st[s.g.size-1] == 0 {
		s.solution(st)
		return
	}
	switch {
	case !s.on.Has(CutFewestFirst):
		opts = s.firstCell(opts[:0], st)
	case len(opts) == 0:
		opts = s.branch(opts, st)
	}
	if s.on.Has(CutFewestFirst) {
		s.cut(CutFewestFirst)
		if s.counts.Tracing() {
			s.counts.Why(CutFewestFirst, fmt.Sprintf("the fewest options: %d", len(opts)))
		}
	}
	if d+1 == len(s.levels) {
		s.levels = append(s.levels, make([]uint64, s.g.size))
	}
	child := s.levels[d+1]
	for _, o := range opts {
		s.nodes++
		copy(child, st)
		s.queue = append(s.queue[:0], o)
		if s.counts.Tracing() {
			s.counts.Enter(cellLabel(int(o>>6), s.g.side, int(o&63)+1))
		}
		if s.propagate(child) {
			s.search(d + 1)
		}
		if s.counts.Tracing() {
			s.counts.Leave()
		}
		if s.found >= s.limit || s.err != nil {
			return
		}
	}
}

// cellName names cell c of a grid of side side: "r3c5".
func cellName(c, side int) string { return fmt.Sprintf("r%dc%d", c/side+1, c%side+1) }

// unitName names unit u (rows, then columns, then boxes, side of each):
// "row 3", "column 5", "box 2".
func unitName(u, side int) string {
	return fmt.Sprintf("%s %d", [3]string{"row", "column", "box"}[u/side], u%side+1)
}

// singleWhy says why single k (naked or hidden) filled cell c with v.
func singleWhy(k, c, side, v int) string {
	if k == CutNakedSingles {
		return cellLabel(c, side, v) + ": its only candidate"
	}
	return cellLabel(c, side, v) + fmt.Sprintf(": the only place for %d in a unit", v)
}

// cellOptions appends the placements of each candidate of cell c.
func (s *smallSearch) cellOptions(opts []uint32, st []uint64, c int) []uint32 {
	for m := st[c]; m != 0; m &= m - 1 {
		opts = append(opts, uint32(c)<<6|uint32(bits.TrailingZeros64(m)))
	}
	return opts
}

// firstCell appends the options of the first free cell of st, which has
// one.
func (s *smallSearch) firstCell(opts []uint32, st []uint64) []uint32 {
	for c, m := range st[:s.g.n] {
		if m&solvedBit == 0 {
			return s.cellOptions(opts, st, c)
		}
	}
	return opts
}

// branch returns the options of the constraint with the fewest: a cell
// (one option per candidate) or a unit and symbol (one option per place).
// Every constraint holds in every answer, so any of them splits the
// answers into disjoint branches; the fewest options keep the tree narrow,
// as Knuth's Algorithm X does with its columns. A cell wins ties (the
// classic rule), and among cells the one whose units failed most often
// (conflict-directed, as dom/wdeg in constraint programming: it keeps the
// search near the hard part). A unit symbol wins only with fewer options,
// which happens on big grids when no cell is down to two candidates.
func (s *smallSearch) branch(opts []uint32, st []uint64) []uint32 {
	g := s.g
	best, bestN, bestW := -1, 99, uint32(0)
	for c, m := range st[:g.n] {
		if m&solvedBit != 0 {
			continue
		}
		n := bits.OnesCount64(m)
		if n > bestN {
			continue
		}
		u := &g.unitsOf[c]
		w := s.weight[u[0]] + s.weight[u[1]] + s.weight[u[2]]
		if n < bestN || w > bestW {
			best, bestN, bestW = c, n, w
		}
	}
	bestP := -1
	if bestN > 2 {
		for i, m := range st[g.n : g.size-1] {
			if n := bits.OnesCount64(m); n > 1 && n < bestN {
				bestP, bestN = i, n
			}
		}
	}
	if bestP < 0 {
		return s.cellOptions(opts, st, best)
	}
	u, v := bestP/g.side, bestP%g.side
	for m := st[g.n+bestP]; m != 0; m &= m - 1 {
		c := g.units[u*g.side+bits.TrailingZeros64(m)]
		opts = append(opts, uint32(c)<<6|uint32(v))
	}
	return opts
}

// solution counts the answer st and keeps the first.
func (s *smallSearch) solution(st []uint64) {
	if s.counts.Tracing() {
		s.counts.Found()
	}
	s.found++
	if s.found > 1 {
		return
	}
	s.answer = make([]int16, s.g.n)
	for c, m := range st[:s.g.n] {
		s.answer[c] = int16(bits.TrailingZeros64(m&^solvedBit) + 1)
	}
}

// fail notes a contradiction in unit u for branch.
func (s *smallSearch) fail(u int) bool {
	s.weight[u]++
	return false
}

// propagate does the queued placements and everything they force: naked
// and hidden singles first, box-line interactions when no single is left.
// It returns false on a contradiction: no answer extends st. Either way
// both queues end empty. A single counts when it fills its cell.
func (s *smallSearch) propagate(st []uint64) bool {
	for {
		if n := len(s.queue); n > 0 {
			q := s.queue[n-1]
			s.queue = s.queue[:n-1]
			c := int(q >> 6 & cellMask)
			free := st[c]&solvedBit == 0
			if !s.assign(st, c, int(q&63)) {
				break
			}
			if q >= 1<<30 && free && st[c]&solvedBit != 0 {
				k := int(q>>30-1) & 31
				s.cut(k)
				if s.counts.Tracing() {
					s.cuts.Why(k, singleWhy(k, c, s.g.side, int(q&63)+1))
				}
			}
			continue
		}
		if n := len(s.locks); n > 0 {
			q := s.locks[n-1]
			s.locks = s.locks[:n-1]
			if !s.lock(st, int(q)/s.g.side, int(q)%s.g.side) {
				break
			}
			continue
		}
		return true
	}
	s.queue, s.locks = s.queue[:0], s.locks[:0]
	return false
}

// assign puts symbol v in cell c: it removes the cell's other candidates,
// and v from the cell's peers, which share a unit with c and so cannot
// hold it too. It fails when v is no longer a candidate of c, which only
// a dead cell or symbol makes: without dead, it leaves c as it is.
func (s *smallSearch) assign(st []uint64, c, v int) bool {
	g := s.g
	m, bit := st[c], uint64(1)<<v
	if m&bit == 0 {
		if !s.on.Has(CutDeadCell) {
			return true
		}
		s.cut(CutDeadCell)
		if s.counts.Tracing() {
			s.cuts.Why(CutDeadCell, fmt.Sprintf("%s: %d is no longer a candidate", cellName(c, g.side), v+1))
		}
		s.bump(c)
		u := &g.unitsOf[c]
		return s.fail(int(u[0]))
	}
	if m&solvedBit != 0 {
		return true
	}
	st[c] = bit | solvedBit
	if s.tracing {
		s.look.trail = append(s.look.trail, int16(c))
	}
	st[g.size-1]--
	for o := m &^ bit; o != 0; o &= o - 1 {
		if !s.unplace(st, c, bits.TrailingZeros64(o), 3) {
			return false
		}
	}
	// The place masks list the peers that still allow v, unit by unit; a
	// peer in two of c's units is skipped the second time. Each of c's
	// units has v at c alone now, so a peer's removal need not update it.
	for i, u := range g.unitsOf[c] {
		at := int(g.placeOf[c][i]) + v
		pm := st[at] &^ (1 << g.posOf[c][i])
		st[at] = 1 << g.posOf[c][i]
		cells := g.units[int(u)*g.side : int(u)*g.side+g.side]
		for ; pm != 0; pm &= pm - 1 {
			p := int(cells[bits.TrailingZeros64(pm)])
			if st[p]&bit != 0 && !s.eliminate(st, p, v, i) {
				return false
			}
		}
	}
	return true
}

// eliminate removes symbol v from cell c, which holds it as a candidate. A
// placed cell holding v is a contradiction; so is, with dead, a cell left
// without candidates. A cell left with one candidate is queued: it can only take
// that symbol (naked single). The place masks of v are updated in the
// cell's units but the skip-th (0 row, 1 column, 2 box; 3 for none), which
// the caller sets itself.
func (s *smallSearch) eliminate(st []uint64, c, v, skip int) bool {
	m := st[c]
	if m&solvedBit != 0 {
		s.bump(c)
		return s.fail(int(s.g.unitsOf[c][0]))
	}
	m &^= 1 << v
	st[c] = m
	if s.tracing {
		s.look.trail = append(s.look.trail, int16(c))
	}
	s.elims++
	if m == 0 && s.on.Has(CutDeadCell) {
		s.cut(CutDeadCell)
		if s.counts.Tracing() {
			s.cuts.Why(CutDeadCell, cellName(c, s.g.side)+" has no candidate left")
		}
		s.bump(c)
		u := &s.g.unitsOf[c]
		s.weight[u[0]]++
		s.weight[u[1]]++
		return s.fail(int(u[2]))
	}
	if m != 0 && m&(m-1) == 0 && s.on.Has(CutNakedSingles) {
		s.queue = append(s.queue, tagNaked|uint32(c)<<6|uint32(bits.TrailingZeros64(m)))
	}
	return s.unplace(st, c, v, skip)
}

// unplace removes cell c from the places of symbol v in the cell's units
// but the skip-th. Each unit holds v once, so a unit with no place left
// for v is a contradiction (with dead), and a unit with one place must put v there
// (hidden single). Places that come to lie in one line of a box, or in one
// box of a line, are queued for lock.
func (s *smallSearch) unplace(st []uint64, c, v, skip int) bool {
	g := s.g
	at, pos := &g.placeOf[c], &g.posOf[c]
	for i := range 3 {
		if i == skip {
			continue
		}
		j := int(at[i]) + v
		was := st[j]
		pm := was &^ (1 << pos[i])
		st[j] = pm
		switch {
		case pm == 0:
			if !s.on.Has(CutDeadCell) {
				continue
			}
			s.cut(CutDeadCell)
			if s.counts.Tracing() {
				s.cuts.Why(CutDeadCell, fmt.Sprintf("no place left for %d in %s", v+1, unitName(int(g.unitsOf[c][i]), g.side)))
			}
			s.bump(j)
			return s.fail(int(g.unitsOf[c][i]))
		case pm&(pm-1) == 0:
			o := g.units[(int(at[i])-g.n)+bits.TrailingZeros64(pm)]
			if s.on.Has(CutHiddenSingles) && st[o]&solvedBit == 0 {
				s.queue = append(s.queue, tagHidden|uint32(o)<<6|uint32(v))
			}
		case s.on.Has(CutBoxLine) && g.confined(i, pm) && !g.confined(i, was):
			// A mask confined before was queued then, and lock's
			// removals depend only on the line or box it lies in.
			s.locks = append(s.locks, uint32(j-g.n))
		}
	}
	return true
}

// confined reports whether the places pm of a unit of kind i (0 row,
// 1 column, 2 box) lie in one box, or in one line of the box.
func (g *geom) confined(i int, pm uint64) bool {
	low := bits.TrailingZeros64(pm)
	if i < 2 {
		return pm&^g.segAt[low] == 0
	}
	return pm&^g.rowAt[low] == 0 || pm&^g.colAt[low] == 0
}

// lock applies the box-line interactions for symbol v in unit u. If the
// places of v in a line all lie in one box, the line's v sits in that box,
// so the rest of the box cannot hold it (claiming); if its places in a box
// all lie in one line, the box's v sits in that line, so the rest of the
// line cannot hold it (pointing).
func (s *smallSearch) lock(st []uint64, u, v int) bool {
	g := s.g
	pm := st[g.place(u, v)]
	if pm&(pm-1) == 0 {
		return true // a single, placed by assign
	}
	kind := u / g.side
	i := u - kind*g.side
	low := bits.TrailingZeros64(pm)
	switch kind {
	case 0: // row i inside box (i/box, low/box)
		if pm&^g.segAt[low] == 0 {
			return s.clear(st, 2*g.side+g.div[i]*g.box+g.div[low], v, g.boxRow[g.mod[i]])
		}
	case 1: // column i inside box (low/box, i/box)
		if pm&^g.segAt[low] == 0 {
			return s.clear(st, 2*g.side+g.div[low]*g.box+g.div[i], v, g.boxCol[g.mod[i]])
		}
	default: // box i holds rows from i/box*box, columns from i%box*box
		if pm&^g.rowAt[low] == 0 {
			return s.clear(st, g.div[i]*g.box+g.div[low], v, g.seg[g.mod[i]])
		}
		if pm&^g.colAt[low] == 0 {
			return s.clear(st, g.side+g.mod[i]*g.box+g.mod[low], v, g.seg[g.div[i]])
		}
	}
	return true
}

// clear removes symbol v from the cells of unit u outside the places keep.
func (s *smallSearch) clear(st []uint64, u, v int, keep uint64) bool {
	g := s.g
	for m := st[g.place(u, v)] &^ keep; m != 0; m &= m - 1 {
		c := int(g.units[u*g.side+bits.TrailingZeros64(m)])
		s.cut(CutBoxLine)
		if s.counts.Tracing() {
			s.cuts.Why(CutBoxLine, fmt.Sprintf("%s loses %d: in %s, %d lies in one line or box", cellName(c, g.side), v+1, unitName(u, g.side), v+1))
		}
		if !s.eliminate(st, c, v, 3) {
			return false
		}
	}
	return true
}
