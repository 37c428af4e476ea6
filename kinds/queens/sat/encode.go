package sat

import (
	"fmt"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/kinds/queens"
)

// Query is the CNF of an N-queens board and its variable map: a
// model is one solution.
//
// Encoding: a variable "rRcC" per square, true when it holds a queen;
// exactly one per row and per column (the columns' at-least-one is
// implied by N queens in N rows, but it propagates), and at most one per
// diagonal of two squares or more, in both directions, by the
// at-most-one encoding picked: N² variables, 2N clauses of N literals,
// and the at-most-ones of 2N rows and columns and 4N-6 diagonals. With
// the mirror symmetry broken, the top queen stays in the left half, and
// in the middle column of an odd N the second one too: a model then
// stands for itself and its mirror image. Unit propagation does what the
// DFS's bit masks do: a queen placed clears its row, column and
// diagonals.
type Query struct {
	f     *cnf.CNF
	p     queens.Instance
	board [][]cnf.Lit // board[r][c]
}

// Encoding holds the choices of QueensWith; the zero value is the
// default encoding.
type Encoding struct {
	AMO cnf.AMO // the at-most-one encoding of rows, columns and diagonals
	// Mirror breaks the mirror symmetry: only the board's solutions with
	// the top queen in the left half (see QueensQuery) are models.
	Mirror bool
}

// Encode encodes p with pairwise at-most-ones and the mirror symmetry
// broken.
func Encode(p queens.Instance) *Query {
	return EncodeWith(p, Encoding{Mirror: true})
}

// EncodeWith encodes p with the choices of e.
func EncodeWith(p queens.Instance, e Encoding) *Query {
	n := p.N
	f := cnf.New()
	f.Comment("puzzlesat queens N=%d", n)
	q := &Query{f: f, p: p, board: make([][]cnf.Lit, n)}
	for r := range n {
		q.board[r] = make([]cnf.Lit, n)
		for c := range n {
			q.board[r][c] = f.Var(fmt.Sprintf("r%dc%d", r+1, c+1)).Pos()
		}
	}
	line := make([]cnf.Lit, 0, n)
	for i := range n {
		row, col := q.board[i], line[:0]
		for r := range n {
			col = append(col, q.board[r][i])
		}
		f.AtLeastOne(row...)
		f.AtMostOneWith(e.AMO, row...)
		f.AtLeastOne(col...)
		f.AtMostOneWith(e.AMO, col...)
	}
	// The diagonals r - c = d (↘) and r + c = d (↙), two squares or more.
	for d := -(n - 2); d <= n-2; d++ {
		down := line[:0]
		for r := max(0, d); r < n && r-d < n; r++ {
			down = append(down, q.board[r][r-d])
		}
		f.AtMostOneWith(e.AMO, down...)
	}
	for d := 1; d <= 2*n-3; d++ {
		up := line[:0]
		for r := max(0, d-n+1); r <= min(d, n-1); r++ {
			up = append(up, q.board[r][d-r])
		}
		f.AtMostOneWith(e.AMO, up...)
	}
	if e.Mirror && n > 1 {
		q.breakMirror()
	}
	return q
}

// breakMirror keeps the top queen in the left half, and with it in the
// middle column of an odd N, the second one.
func (q *Query) breakMirror() {
	n, m := q.p.N, q.p.N/2
	for c := (n + 1) / 2; c < n; c++ {
		q.f.Add(q.board[0][c].Not())
	}
	if n%2 == 1 {
		for c := m; c < n; c++ {
			q.f.Add(q.board[0][m].Not(), q.board[1][c].Not())
		}
	}
}

// Formula returns the CNF of the query.
func (q *Query) Formula() *cnf.CNF { return q.f }

// Rows returns the squares of each row, left to right: the exactly-one
// groups that tell solutions apart, in the order of a lexicographic
// search.
func (q *Query) Rows() [][]cnf.Lit { return q.board }

// Vars returns the squares' variables, which tell solutions apart.
func (q *Query) Vars() []cnf.Var {
	return cnf.VarsOf(q.board...)
}

// Decode reads the solution of a model: the answer with that solution
// alone, and no count.
func (q *Query) Decode(m cnf.Model) (queens.Answer, error) {
	cols, err := q.Columns(m)
	if err != nil {
		return queens.Answer{}, err
	}
	return queens.Answer{First: [][]int{cols}, Count: -1}, nil
}

// Columns reads the columns (1-based) of the queens of rows 1..N from a
// model.
func (q *Query) Columns(m cnf.Model) ([]int, error) {
	cols := make([]int, q.p.N)
	for r, row := range q.board {
		for c, x := range row {
			if !m.Value(x) {
				continue
			}
			if cols[r] != 0 {
				return nil, fmt.Errorf("model puts two queens in row %d", r+1)
			}
			cols[r] = c + 1
		}
		if cols[r] == 0 {
			return nil, fmt.Errorf("model puts no queen in row %d", r+1)
		}
	}
	return cols, nil
}
