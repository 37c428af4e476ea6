package queens

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Limits of an N-queens instance.
const (
	// MaxN is the largest board solved.
	MaxN = 32
	// JudgeN is the largest board of the judge's format (USACO
	// "Checker Challenge", 6 <= N <= 13): up to it the answer is the
	// first three solutions and the number of them; above it, the first
	// solution alone.
	JudgeN = 13
	// Shown is how many solutions the judge's format prints.
	Shown = 3
)

// Instance is one N-queens instance: place N queens on an N×N board, one in
// each row, so that no two share a column or a diagonal.
type Instance struct {
	N int // 1..QueensMaxN
}

// Answer is the judge's answer to a Queens instance.
type Answer struct {
	// First holds the first solutions in lexicographic order, each the
	// columns (1-based) of the queens of rows 1..N: the first three (or
	// as many as there are) for N up to QueensJudgeN, the first one above.
	First [][]int
	// Count is the number of solutions for N up to QueensJudgeN; -1
	// where it is not known: above QueensJudgeN, where it is not asked,
	// and for one solution alone, such as a model of an exported query.
	Count int
}

// Parse reads every instance of r: board sizes N, separated by any
// white space, until the end of input. An input with no instance is an
// error. file names r in error messages, which are *ParseError values.
func Parse(file string, r io.Reader) ([]Instance, error) {
	return puzzle.Collect(file, r, Scan)
}

// Scan reads the instances of r as ParseQueens does, calling yield
// with each as soon as it is read, and stops at the first error of the
// input or of yield.
func Scan(file string, r io.Reader, yield func(Instance) error) error {
	t := puzzle.NewTokens(file, r)
	n := 0
	for ; ; n++ {
		f, ok := t.Next()
		if !ok {
			break
		}
		v, err := strconv.Atoi(f)
		switch {
		case errors.Is(err, strconv.ErrRange) || err == nil && (v < 1 || v > MaxN):
			return t.Errorf("board size N %s out of range 1..%d", puzzle.Short(f), MaxN)
		case err != nil:
			return t.Errorf("expected a board size N (1..%d), got %s", MaxN, puzzle.Quote(f))
		}
		if err := yield(Instance{N: v}); err != nil {
			return err
		}
	}
	if err := t.Err(); err != nil {
		return err
	}
	if n == 0 {
		return t.Errorf("expected a board size N (1..%d), got end of input", MaxN)
	}
	return nil
}

// String returns p in judge input format: N and a newline.
func (p Instance) String() string { return strconv.Itoa(p.N) + "\n" }

// Judge reports whether p's answer is in the judge's format: the first
// three solutions and their count.
func (p Instance) Judge() bool { return p.N <= JudgeN }

// Format returns the judge output for a: a line per solution shown, the
// columns separated by single spaces, then the count when it is known.
func (p Instance) Format(a Answer) string {
	var b strings.Builder
	for _, s := range a.First {
		for i, c := range s {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.Itoa(c))
		}
		b.WriteByte('\n')
	}
	if a.Count >= 0 {
		b.WriteString(strconv.Itoa(a.Count))
		b.WriteByte('\n')
	}
	return b.String()
}

// Fail returns the line printed in place of an answer, word being "no
// solution" or "timeout". A board with no solution is not a failure up
// to QueensJudgeN: its answer is the count 0.
func (p Instance) Fail(word string) string { return word + "\n" }

// Verify returns nil if every solution of a places N queens that do not
// attack each other, the solutions are distinct and in increasing
// lexicographic order, and there are as many as the judge's format
// shows: min(3, Count) with a count, one without (Count -1). That they
// are the first ones, and the count, rest on the backends agreeing.
func (p Instance) Verify(a Answer) error {
	if p.N < 1 || p.N > MaxN {
		return fmt.Errorf("queens: N %d out of range 1..%d", p.N, MaxN)
	}
	want := 1
	switch {
	case a.Count < -1:
		return fmt.Errorf("queens: negative count %d", a.Count)
	case a.Count >= 0 && !p.Judge():
		return fmt.Errorf("queens: a count %d for N = %d, above %d, where none is asked", a.Count, p.N, JudgeN)
	case a.Count >= 0:
		want = min(Shown, a.Count)
	}
	if len(a.First) != want {
		return fmt.Errorf("queens: %d solutions shown, want %d", len(a.First), want)
	}
	for i, s := range a.First {
		if err := p.checkPlacement(s); err != nil {
			return fmt.Errorf("queens: solution %d: %w", i+1, err)
		}
		if i > 0 && slices.Compare(a.First[i-1], s) >= 0 {
			return fmt.Errorf("queens: solution %d does not come after solution %d", i+1, i)
		}
	}
	return nil
}

// checkPlacement returns nil if cols places one queen per row, in
// columns 1..N, no two in one column or diagonal.
func (p Instance) checkPlacement(cols []int) error {
	if len(cols) != p.N {
		return fmt.Errorf("%d rows, want %d", len(cols), p.N)
	}
	for r, c := range cols {
		if c < 1 || c > p.N {
			return fmt.Errorf("row %d: column %d out of range 1..%d", r+1, c, p.N)
		}
		for q := range r {
			d := cols[q] - c
			if d == 0 || d == r-q || d == q-r {
				return fmt.Errorf("the queens of rows %d and %d attack each other", q+1, r+1)
			}
		}
	}
	return nil
}

// Least keeps the least solutions of a board in lexicographic
// order as a search finds them, in any order: with Mirror, the search
// finds one of each pair of mirror images (the top queen in the left
// half), and the least of the others are the mirror images of the
// greatest found.
type Least struct {
	n, k         int
	mirror       bool
	small, large [][]int
}

// NewLeast returns a QueensLeast that keeps the k least solutions
// of the n×n board.
func NewLeast(n, k int, mirror bool) *Least {
	return &Least{n: n, k: k, mirror: mirror}
}

// Add adds a solution found, the columns (1-based) of rows 1..N; it keeps
// cols only if it is among the least or, with mirror, the greatest.
func (q *Least) Add(cols []int) {
	if !q.keeps(q.small, cols, 1) && !(q.mirror && q.keeps(q.large, cols, -1)) {
		return
	}
	c := slices.Clone(cols)
	q.small = keepLeast(q.small, c, q.k, 1)
	if q.mirror {
		q.large = keepLeast(q.large, c, q.k, -1)
	}
}

// keeps reports whether x would enter list, the k least (sign 1) or
// greatest (sign -1).
func (q *Least) keeps(list [][]int, x []int, sign int) bool {
	return len(list) < q.k || sign*slices.Compare(x, list[len(list)-1]) < 0
}

// First returns the k least solutions of the board, among those added
// and, with mirror, their mirror images.
func (q *Least) First() [][]int {
	out := slices.Clone(q.small)
	for _, x := range q.large {
		m := make([]int, len(x))
		for i, c := range x {
			m[i] = q.n + 1 - c
		}
		out = keepLeast(out, m, q.k, 1)
	}
	return out
}

// keepLeast inserts x into the sorted list, keeping its k least (sign 1)
// or greatest (sign -1).
func keepLeast(list [][]int, x []int, k, sign int) [][]int {
	i := len(list)
	for i > 0 && sign*slices.Compare(x, list[i-1]) < 0 {
		i--
	}
	if i >= k {
		return list
	}
	list = slices.Insert(list, i, x)
	return list[:min(len(list), k)]
}
