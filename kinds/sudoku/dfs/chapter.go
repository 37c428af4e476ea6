package dfs

import (
	"context"
	"fmt"
	"math/bits"
	"strings"

	"github.com/puzzlesat/puzzlesat/internal/poll"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

// The cuts of SudokuChapter, indexed as in SudokuChapterPrunings and in
// its cut counts: the chapter's five, in its order.
const (
	sudokuChCells = iota
	sudokuChRows
	sudokuChColumns
	sudokuChBoxes
	sudokuChFewest
	sudokuChCuts // the number of cuts
)

// SudokuChapterPrunings returns the cuts of SudokuChapter, the chapter's
// five for 16x16 sudoku, numbered as it numbers them, rows, columns and
// boxes apart, every one on by default. A count of cuts 1 to 4 is a call
// ended or a cell filled without a branch; the order counts the cells it
// chose.
func SudokuChapterPrunings() []technique.Pruning {
	return []technique.Pruning{
		sudokuChCells: {Name: "naked-singles", Category: technique.Propagation, Chapter: "1", Counts: "calls ended, cells filled",
			Doc: "a blank cell without a letter ends the call; one with a single letter takes it"},
		sudokuChRows: {Name: "row-singles", Category: technique.Propagation, Chapter: "2", Counts: "calls ended, cells filled",
			Doc: "a letter with no place in a row ends the call; one with a single place there takes it"},
		sudokuChColumns: {Name: "column-singles", Category: technique.Propagation, Chapter: "3", Counts: "calls ended, cells filled",
			Doc: "a letter with no place in a column ends the call; one with a single place there takes it"},
		sudokuChBoxes: {Name: "box-singles", Category: technique.Propagation, Chapter: "4", Counts: "calls ended, cells filled",
			Doc: "a letter with no place in a box ends the call; one with a single place there takes it"},
		sudokuChFewest: {Name: "fewest-first", Category: technique.Order, Chapter: "5", Counts: "cells chosen, in its order",
			Doc: "branch on the blank cell with the fewest letters left, the first of them row by row (off: the first blank cell)"},
	}
}

// sudokuChapterMaxBox is the largest box SudokuChapter takes: a cell's
// letters are one word, as the listing's are one int.
const sudokuChapterMaxBox = 8

// SudokuChapter solves p by the chapter's 16x16 program (0x23, AcWing 169 /
// POJ 3076), step by step, at any size up to 64x64: each call of dfs runs
// the cuts of SudokuChapterPrunings that run switches, filling what they
// force, then branches on one blank cell, its letters in order. It returns
// the first answer it finds, puzzle.ErrNoSolution when there is none
// (givens that clash included), or ctx.Err() when ctx is done first.
//
// Stats.Nodes counts the calls of dfs. The listing copies its state at
// each call that branches and copies it back after each child; this
// search undoes the child's changes from a trail instead, which leaves
// the same state and takes far less memory.
func SudokuChapter(ctx context.Context, p sudoku.Instance, run search.Run) (sudoku.Answer, search.Stats, error) {
	n := p.Side()
	if p.Box < 2 || p.Box > sudokuChapterMaxBox || len(p.Cells) != n*n {
		return sudoku.Answer{}, search.Stats{}, fmt.Errorf("the chapter's sudoku search takes boxes 2 to %d (up to 64x64) of n² cells, got box %d and %d cells",
			sudokuChapterMaxBox, p.Box, len(p.Cells))
	}
	if run.Counting() {
		return sudokuChapterRun[trace.Counted](ctx, p, run)
	}
	return sudokuChapterRun[trace.Uncounted](ctx, p, run)
}

// sudokuChapterRun is SudokuChapter counting into a trace.Probe[C].
func sudokuChapterRun[C trace.Counts](ctx context.Context, p sudoku.Instance, run search.Run) (sudoku.Answer, search.Stats, error) {
	n := p.Side()
	s := &sudokuChapter[C]{tick: poll.New(ctx), p: p, n: n, box: p.Box, full: ^uint64(0) >> (64 - n),
		state: make([]uint64, n*n), filled: make([]bool, n*n)}
	s.on = run.Prunings.Bits(SudokuChapterPrunings)
	s.probe.Start(run.Sink)
	for i := range s.state {
		s.state[i] = s.full
	}
	blanks := 0
	for i, v := range p.Cells {
		switch {
		case v == 0:
			blanks++
		case v < 0 || int(v) > n || s.state[i]&(1<<(v-1)) == 0:
			// Out of range, or a given that another given of its row,
			// column or box has already taken.
			return sudoku.Answer{}, search.Stats{}, puzzle.ErrNoSolution
		default:
			s.draw(i, int(v-1))
		}
	}
	s.trail = s.trail[:0] // the givens are never undone
	if s.probe.Tracing() {
		s.probe.Enter(fmt.Sprintf("%d blank cells", blanks))
	}
	ok := s.dfs(blanks)
	if s.on.Has(sudokuChFewest) {
		s.probe.CutN(sudokuChFewest, s.chosen)
		if s.probe.Tracing() {
			s.probe.Why(sudokuChFewest, trace.Plural(s.chosen, "cell", "cells")+" chosen with the fewest letters")
		}
	}
	if s.probe.Tracing() {
		s.probe.Leave()
	}
	st := search.Stats{Nodes: s.tick.Steps(), Cuts: s.probe.Counts(sudokuChCuts)}
	switch {
	case s.tick.Err() != nil:
		return sudoku.Answer{}, st, s.tick.Err()
	case !ok:
		return sudoku.Answer{}, st, puzzle.ErrNoSolution
	}
	a := sudoku.Answer{Cells: make([]int16, n*n)}
	for i, m := range s.state {
		a.Cells[i] = int16(bits.TrailingZeros64(m) + 1)
	}
	return a, st, nil
}

// sudokuChapter is the state of the chapter's sudoku program: a cell's
// letters left as a mask, letter c (0 for the first symbol) at bit c, and
// whether it is filled; a filled cell holds its letter's bit alone.
type sudokuChapter[C trace.Counts] struct {
	tick  poll.Ticker // counts the calls of dfs
	probe trace.Probe[C]
	on    technique.Bits

	p        sudoku.Instance
	n, box   int
	full     uint64 // every letter
	state    []uint64
	filled   []bool
	trail    []sudokuUndo // what to undo, the last change last
	chosen   int          // the cells fewest-first chose
	forced   []string     // when tracing: the cells the current pass filled
	failWhat string       // when tracing: what ended the call
}

// sudokuUndo is one change of the state: cell's letters were old, and
// blank says that the cell was blank before it was filled.
type sudokuUndo struct {
	cell  int32
	blank bool
	old   uint64
}

// draw writes letter c into cell i, as the listing's draw: no other cell
// of its row, column and box keeps c.
func (s *sudokuChapter[C]) draw(i, c int) {
	n, bit := s.n, uint64(1)<<c
	x, y := i/n, i%n
	clear := func(j int) {
		if s.state[j]&bit != 0 {
			s.trail = append(s.trail, sudokuUndo{cell: int32(j), old: s.state[j]})
			s.state[j] &^= bit
		}
	}
	for k := range n {
		clear(x*n + k)
		clear(k*n + y)
	}
	bx, by := x/s.box*s.box, y/s.box*s.box
	for dx := range s.box {
		for dy := range s.box {
			clear((bx+dx)*n + by + dy)
		}
	}
	s.trail = append(s.trail, sudokuUndo{cell: int32(i), blank: !s.filled[i], old: s.state[i]})
	s.state[i], s.filled[i] = bit, true
}

// undo takes back the changes after the first mark of the trail.
func (s *sudokuChapter[C]) undo(mark int) {
	for k := len(s.trail) - 1; k >= mark; k-- {
		u := s.trail[k]
		s.state[u.cell] = u.old
		if u.blank {
			s.filled[u.cell] = false
		}
	}
	s.trail = s.trail[:mark]
}

// dfs is the listing's: cnt cells are blank. A call that fails leaves
// what its cuts filled; its caller undoes it.
func (s *sudokuChapter[C]) dfs(cnt int) bool {
	if !s.tick.Tick() {
		return false
	}
	if cnt == 0 {
		s.probe.Found()
		return true
	}
	if s.on.Has(sudokuChCells) && !s.cells(&cnt) {
		return false
	}
	for k := sudokuChRows; k <= sudokuChBoxes; k++ {
		if s.on.Has(k) && !s.units(k, &cnt) {
			return false
		}
	}
	if cnt == 0 {
		s.probe.Found()
		return true
	}
	i := s.choose()
	if i < 0 {
		return false // no blank cell is left although cnt says so: givens that clash
	}
	mark := len(s.trail)
	for m := s.state[i]; m != 0; m &= m - 1 {
		c := bits.TrailingZeros64(m)
		s.draw(i, c)
		if s.probe.Tracing() {
			s.probe.Enter(s.cellName(i) + "=" + s.letter(c))
		}
		ok := s.dfs(cnt - 1)
		if s.probe.Tracing() {
			s.probe.Leave()
		}
		if ok {
			return true
		}
		s.undo(mark)
		if s.tick.Err() != nil {
			return false
		}
	}
	return false
}

// cells runs cut 1 over the blank cells, row by row: a cell without a
// letter ends the call (false), one with one letter takes it.
func (s *sudokuChapter[C]) cells(cnt *int) bool {
	for i, m := range s.state {
		if s.filled[i] {
			continue
		}
		if m == 0 {
			s.forcedDone(sudokuChCells, "with one letter")
			s.probe.Cut(sudokuChCells)
			if s.probe.Tracing() {
				s.probe.Why(sudokuChCells, s.cellName(i)+" has no letter left")
			}
			return false
		}
		if m&(m-1) == 0 {
			c := bits.TrailingZeros64(m)
			s.draw(i, c)
			*cnt--
			s.force(sudokuChCells, i, c)
		}
	}
	s.forcedDone(sudokuChCells, "with one letter")
	return true
}

// units runs cut k, 2 to 4, over the rows, the columns or the boxes: a
// letter with no place in a unit ends the call (false), one with a single
// place there takes it.
func (s *sudokuChapter[C]) units(k int, cnt *int) bool {
	for u := range s.n {
		var sor, drawn uint64
		sand := s.full
		for j := range s.n {
			i := s.unitCell(k, u, j)
			m := s.state[i]
			sand &^= sor & m
			sor |= m
			if s.filled[i] {
				drawn |= m
			}
		}
		if sor != s.full {
			s.forcedDone(k, "")
			s.probe.Cut(k)
			if s.probe.Tracing() {
				c := bits.TrailingZeros64(^sor & s.full)
				s.probe.Why(k, fmt.Sprintf("%s %d has no place for %s", unitName(k), u+1, s.letter(c)))
			}
			return false
		}
		for m := sand &^ drawn; m != 0; m &= m - 1 {
			c := bits.TrailingZeros64(m)
			for j := range s.n {
				if i := s.unitCell(k, u, j); s.state[i]&(1<<c) != 0 {
					s.draw(i, c)
					*cnt--
					s.force(k, i, c)
					break
				}
			}
		}
	}
	s.forcedDone(k, "")
	return true
}

// unitName names the units of cut k, 2 to 4.
func unitName(k int) string {
	switch k {
	case sudokuChRows:
		return "row"
	case sudokuChColumns:
		return "column"
	}
	return "box"
}

// unitCell returns cell j of unit u of cut k: a row, a column or a box.
func (s *sudokuChapter[C]) unitCell(k, u, j int) int {
	switch k {
	case sudokuChRows:
		return u*s.n + j
	case sudokuChColumns:
		return j*s.n + u
	}
	x := u/s.box*s.box + j/s.box
	y := u%s.box*s.box + j%s.box
	return x*s.n + y
}

// choose returns the blank cell to branch on: the first with the fewest
// letters, or without fewest-first the first; -1 if none.
func (s *sudokuChapter[C]) choose() int {
	best, fewest := -1, 65
	for i, m := range s.state {
		if s.filled[i] {
			continue
		}
		if !s.on.Has(sudokuChFewest) {
			return i
		}
		if c := bits.OnesCount64(m); c < fewest {
			best, fewest = i, c
		}
	}
	if best >= 0 {
		s.chosen++
	}
	return best
}

// force counts a cell i that cut k filled with letter c.
func (s *sudokuChapter[C]) force(k, i, c int) {
	s.probe.Cut(k)
	if s.probe.Tracing() {
		s.forced = append(s.forced, s.cellName(i)+"="+s.letter(c))
	}
}

// forcedDone says, when tracing, which cells cut k filled in the pass
// that ends, as one leaf: how they were forced, or "" for a unit's cut.
func (s *sudokuChapter[C]) forcedDone(k int, how string) {
	if !s.probe.Tracing() || len(s.forced) == 0 {
		return
	}
	if how == "" {
		how = "with one place in a " + unitName(k)
	}
	list := s.forced
	if len(list) > 4 {
		list = append(list[:4:4], "…")
	}
	s.probe.Why(k, fmt.Sprintf("%s %s: %s", trace.Plural(len(s.forced), "cell", "cells"), how, strings.Join(list, " ")))
	s.forced = s.forced[:0]
}

// cellName names cell i as "r3c5", from 1.
func (s *sudokuChapter[C]) cellName(i int) string { return fmt.Sprintf("r%dc%d", i/s.n+1, i%s.n+1) }

// letter returns letter c as the puzzle writes it: its symbol, or its
// number in the numeric layout.
func (s *sudokuChapter[C]) letter(c int) string {
	if c < len(s.p.Alphabet) {
		return s.p.Alphabet[c : c+1]
	}
	return fmt.Sprint(c + 1)
}
