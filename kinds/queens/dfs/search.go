package dfs

import (
	"context"
	"fmt"
	"math/bits"
	"strings"

	"github.com/puzzlesat/puzzlesat/internal/poll"
	"github.com/puzzlesat/puzzlesat/kinds/queens"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

// Solve returns the judge's answer for p: up to N = queens.JudgeN
// the first three solutions in lexicographic order and the number of all
// of them, above it the first solution alone. It returns ctx.Err() when
// ctx is done first, and puzzle.ErrNoSolution above QueensJudgeN when the
// board has no solution (never: only N = 2 and 3 have none).
//
// The search places a queen per row, top down, each in a column, ↘ and
// ↙ diagonal that no queen above holds, as bit masks shifted down a row
// at a time: the prunings of Prunings, which run switches.
// Stats.Nodes counts the queens placed.
func Solve(ctx context.Context, p queens.Instance, run search.Run) (queens.Answer, search.Stats, error) {
	if run.Counting() {
		return solve[trace.Counted](ctx, p, run)
	}
	return solve[trace.Uncounted](ctx, p, run)
}

// solve is Solve with the search counting into a trace.Probe[C].
func solve[C trace.Counts](ctx context.Context, p queens.Instance, run search.Run) (queens.Answer, search.Stats, error) {
	s := newQueensSearch[C](ctx, p, run)
	s.least = queens.NewLeast(p.N, queens.Shown, s.mirror)
	if !p.Judge() && s.on.Has(queensLowestFirst) {
		s.stopFirst = true // the first found is the first in order
	}
	s.run()
	st := s.stats()
	if err := s.tick.Err(); err != nil {
		return queens.Answer{}, st, err
	}
	first := s.least.First()
	if !p.Judge() {
		if len(first) == 0 {
			return queens.Answer{}, st, puzzle.ErrNoSolution
		}
		return queens.Answer{First: first[:1], Count: -1}, st, nil
	}
	return queens.Answer{First: first, Count: int(s.count)}, st, nil
}

// Count returns the number of solutions of p, stopping at limit (0
// or less: no limit): a result equal to limit means limit or more. When
// ctx is done first it returns the solutions found so far and ctx.Err().
func Count(ctx context.Context, p queens.Instance, limit int, run search.Run) (int, search.Stats, error) {
	if run.Counting() {
		return count[trace.Counted](ctx, p, limit, run)
	}
	return count[trace.Uncounted](ctx, p, limit, run)
}

// count is Count with the search counting into a trace.Probe[C].
func count[C trace.Counts](ctx context.Context, p queens.Instance, limit int, run search.Run) (int, search.Stats, error) {
	s := newQueensSearch[C](ctx, p, run)
	s.limit = int64(max(limit, 0))
	s.run()
	n := s.count
	if s.limit > 0 {
		n = min(n, s.limit)
	}
	return int(n), s.stats(), s.tick.Err()
}

// The prunings of Queens, indexed as in QueensPrunings and its counts.
const (
	queensColumns = iota
	queensDiagonals
	queensAntiDiagonals
	queensMirror
	queensLowestFirst
	queensPrunings
)

// Prunings returns the prunings of Queens and CountQueens, every one
// on by default.
func Prunings() []technique.Pruning {
	return []technique.Pruning{
		queensColumns: {Name: "columns", Category: technique.Feasibility, Counts: "squares only it refuses",
			Doc: "a queen goes only in a column that no queen above holds, by a bit mask (off: checked once every row has its queen)"},
		queensDiagonals: {Name: "diagonals", Category: technique.Feasibility, Counts: "squares only it refuses",
			Doc: "a queen goes only on a ↘ diagonal that no queen above holds, the mask shifted a column a row (off: checked at the end)"},
		queensAntiDiagonals: {Name: "anti-diagonals", Category: technique.Feasibility, Counts: "squares only it refuses",
			Doc: "a queen goes only on a ↙ diagonal that no queen above holds, the mask shifted back a column a row (off: checked at the end)"},
		queensMirror: {Name: "mirror", Category: technique.Redundancy, Counts: "squares skipped",
			Doc: "the top queen stays in the left half (in the middle column, with the second in the left half): each solution found stands for its mirror image too"},
		queensLowestFirst: {Name: "lowest-first", Category: technique.Order, Counts: "columns left untried at the first solution",
			Doc: "columns are tried from the lowest, so solutions come in lexicographic order and above N = 13 the first found is the answer (off: highest first, every solution seen)"},
	}
}

// queensSearch is the state of one N-queens search.
type queensSearch[C trace.Counts] struct {
	tick  poll.Ticker
	probe trace.Probe[C]
	n     int
	all   uint64 // the n columns, as a mask
	// The prunings on, indexed by the constants of Prunings; mirror is
	// set when it is on and the board has more than one square, checkEnd
	// when a mask is off, so that a full board must be checked.
	on               technique.Bits
	mirror, checkEnd bool

	pos       [queens.MaxN]int // the column of the queen of each row placed, 0-based
	count     int64            // solutions counted; with mirror, two for each one found
	limit     int64            // count stops there; 0: no limit
	stopFirst bool             // stop at the first solution found
	firstStop bool             // stopFirst stopped the search
	stopped   bool
	least     *queens.Least // the first solutions, when kept
	found     bool          // a solution was found
	solved    []int         // scratch: a solution, 1-based
}

func newQueensSearch[C trace.Counts](ctx context.Context, p queens.Instance, run search.Run) *queensSearch[C] {
	s := &queensSearch[C]{tick: poll.New(ctx), n: p.N, all: 1<<p.N - 1}
	s.on = run.Prunings.Bits(Prunings)
	// A board of one square is its own mirror image.
	s.mirror = s.on.Has(queensMirror) && p.N > 1
	s.checkEnd = !s.on.Has(queensColumns) || !s.on.Has(queensDiagonals) || !s.on.Has(queensAntiDiagonals)
	s.probe.Start(run.Sink)
	return s
}

// stats returns the search's work.
func (s *queensSearch[C]) stats() search.Stats {
	return search.Stats{Nodes: s.tick.Steps(), Cuts: s.probe.Counts(queensPrunings)}
}

// run searches the whole board, or its left half with mirror.
func (s *queensSearch[C]) run() {
	if s.n < 1 || s.n > queens.MaxN {
		return
	}
	free := s.free(0, 0, 0, 0)
	if !s.mirror {
		s.row(0, 0, 0, 0, free)
		return
	}
	// The left half; for an odd n the top queen in the middle column m
	// also, its mirror image keeping it there, with the second queen left
	// of m instead.
	m := s.n / 2
	left := free & (1<<m - 1)
	skip := free &^ left
	if s.n%2 == 1 {
		skip &^= 1 << m
	}
	s.probe.CutN(queensMirror, bits.OnesCount64(skip))
	if s.probe.Tracing() && skip != 0 {
		s.probe.Why(queensMirror, fmt.Sprintf("row 1: %s, the mirror images of the left half", columnsText(skip)))
	}
	s.row(0, 0, 0, 0, left)
	if s.n%2 == 1 && s.firstStop {
		s.untried(0, 1) // the middle column
	}
	if s.n%2 == 1 && !s.stopped {
		b := uint64(1) << m
		if s.enter(0, m) {
			next := s.free(1, b, b<<1, b>>1)
			if right := next &^ (1<<m - 1); right != 0 {
				s.probe.CutN(queensMirror, bits.OnesCount64(right))
				if s.probe.Tracing() {
					s.probe.Why(queensMirror, fmt.Sprintf("row 2 under the middle: %s, the mirror images of the left", columnsText(right)))
				}
			}
			s.pos[0] = m
			s.row(1, b, b<<1&s.all, b>>1, next&(1<<m-1))
			s.leave()
		}
	}
}

// row places the queen of row r in each column of free in turn, cols,
// d1 and d2 holding the columns and diagonals taken above, and searches
// the rows below.
func (s *queensSearch[C]) row(r int, cols, d1, d2, free uint64) {
	for free != 0 && !s.stopped {
		var c int
		if s.on.Has(queensLowestFirst) {
			c = bits.TrailingZeros64(free)
		} else {
			c = 63 - bits.LeadingZeros64(free)
		}
		b := uint64(1) << c
		free &^= b
		if !s.enter(r, c) {
			return
		}
		s.pos[r] = c
		nc, n1, n2 := cols|b, (d1|b)<<1&s.all, (d2|b)>>1
		if r+1 == s.n {
			s.solution()
		} else {
			s.row(r+1, nc, n1, n2, s.free(r+1, nc, n1, n2))
		}
		s.leave()
		if s.firstStop && s.probe.Counting() {
			s.untried(r, bits.OnesCount64(free))
		}
	}
}

// untried counts the n columns of row r that the search, stopped by its
// first solution, leaves untried: lowest first, that solution is the
// answer, where highest first every solution is seen.
func (s *queensSearch[C]) untried(r, n int) {
	if n == 0 {
		return
	}
	s.probe.CutN(queensLowestFirst, n)
	if s.probe.Tracing() {
		s.probe.Why(queensLowestFirst, fmt.Sprintf("row %d: %d more columns untried, as the first solution is the answer", r+1, n))
	}
}

// enter counts a queen placed at row r, column c, and reports whether
// the search may go on.
func (s *queensSearch[C]) enter(r, c int) bool {
	if !s.tick.Tick() {
		s.stopped = true
		return false
	}
	if s.probe.Tracing() {
		s.probe.Enter(fmt.Sprintf("row %d: column %d", r+1, c+1))
	}
	return true
}

// leave ends the decision of enter.
func (s *queensSearch[C]) leave() {
	if s.probe.Tracing() {
		s.probe.Leave()
	}
}

// free returns the columns of row r that the masks on leave, and counts
// for each mask the squares it alone refuses: those the other masks on
// leave, which the search would have tried without it. A square two
// masks refuse counts for neither, as either refuses it alone.
func (s *queensSearch[C]) free(r int, cols, d1, d2 uint64) uint64 {
	var c, a, b uint64 // the squares each mask on refuses
	if s.on.Has(queensColumns) {
		c = cols
	}
	if s.on.Has(queensDiagonals) {
		a = d1 & s.all
	}
	if s.on.Has(queensAntiDiagonals) {
		b = d2 & s.all
	}
	if s.probe.Counting() {
		s.refused(queensColumns, r, c&^(a|b), "held above")
		s.refused(queensDiagonals, r, a&^(c|b), "on a ↘ diagonal held above")
		s.refused(queensAntiDiagonals, r, b&^(c|a), "on a ↙ diagonal held above")
	}
	return s.all &^ (c | a | b)
}

// refused counts the squares of row r that pruning k alone refuses, and
// says which when traced.
func (s *queensSearch[C]) refused(k, r int, squares uint64, what string) {
	n := bits.OnesCount64(squares)
	if n == 0 {
		return
	}
	s.probe.CutN(k, n)
	if s.probe.Tracing() {
		s.probe.Why(k, fmt.Sprintf("row %d: %s %s", r+1, columnsText(squares), what))
	}
}

// columnsText names the columns of a mask, 1-based: "column 3",
// "columns 1, 4, 6".
func columnsText(m uint64) string {
	var b strings.Builder
	b.WriteString("column")
	if bits.OnesCount64(m) > 1 {
		b.WriteByte('s')
	}
	for sep := " "; m != 0; m &= m - 1 {
		fmt.Fprintf(&b, "%s%d", sep, bits.TrailingZeros64(m)+1)
		sep = ", "
	}
	return b.String()
}

// solution counts the full board in pos, once it is checked where a mask
// was off, and keeps it if it is among the least or greatest.
func (s *queensSearch[C]) solution() {
	if s.checkEnd && !s.valid() {
		return
	}
	s.count++
	if s.mirror {
		s.count++
	}
	if s.limit > 0 && s.count >= s.limit {
		s.stopped = true
	}
	if !s.found {
		s.found = true
		s.probe.Found()
	}
	if s.least == nil {
		return
	}
	s.solved = s.solved[:0]
	for _, c := range s.pos[:s.n] {
		s.solved = append(s.solved, c+1)
	}
	s.least.Add(s.solved)
	if s.stopFirst {
		s.stopped, s.firstStop = true, true
	}
}

// valid reports whether the queens of pos attack each other nowhere.
func (s *queensSearch[C]) valid() bool {
	for r := range s.n {
		for q := range r {
			if d := s.pos[r] - s.pos[q]; d == 0 || d == r-q || d == q-r {
				return false
			}
		}
	}
	return true
}
