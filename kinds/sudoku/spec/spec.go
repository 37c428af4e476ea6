// Package spec registers the sudoku kind: n²×n² sudoku from 4×4 to
// 400×400.
package spec

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"

	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/gen"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/sat"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

func init() { kind.Register(Kind) }

// Kind is the sudoku kind. Its exported query is the formula of the
// givens, every candidate kept.
var Kind = sudokuKind{kind.New(kind.Spec[sudoku.Instance, sudoku.Answer]{
	Name: "sudoku", Summary: "n²×n² sudoku from 4×4 to 400×400: 9×9 (POJ 2676/3074), 16×16 (POJ 3076), 25×25, 36×36, numeric grids",
	Scan: scan,
	Own:  kind.SearchOf[sudoku.Instance, sudoku.Answer]{Doc: "puzzlesat's own search", Prunings: dfs.Prunings(), Run: dfs.Solve},
	Chapter: kind.SearchOf[sudoku.Instance, sudoku.Answer]{Prunings: dfs.SudokuChapterPrunings(), Run: dfs.SudokuChapter,
		Doc: "the chapter's 16x16 program (AcWing 169 / POJ 3076), at any size up to 64x64"},
	Encodings: sat.Encodings(), SAT: sat.Solve,
	Samples: kind.Sub(sudoku.Samples, "testdata"),
})}

// scan reads sudoku puzzles in the option "alphabet", noting the first of
// the parser's warnings and how many more there are.
func scan(file string, r io.Reader, o kind.ScanOptions, yield func(sudoku.Instance) error) error {
	alphabet := o.Values["alphabet"]
	if err := checkAlphabet(alphabet); err != nil {
		return err
	}
	warns, err := sudoku.Scan(file, r, alphabet, yield)
	if err != nil || len(warns) == 0 {
		return err
	}
	more := ""
	if len(warns) > 1 {
		more = fmt.Sprintf(" (and %d more puzzles like it)", len(warns)-1)
	}
	o.Notef("%s%s; give the alphabet 0123456789ABCDEF to read 0-9A-F", warns[0], more)
	return nil
}

type sudokuKind struct {
	kind.Of[sudoku.Instance, sudoku.Answer]
}

func (sudokuKind) Options() []kind.Flag {
	return []kind.Flag{{Name: "alphabet", Doc: "the symbols in order, e.g. 0123456789ABCDEF (default: detected)", Check: checkAlphabet}}
}

func (sudokuKind) CountDFS(ctx context.Context, p kind.Instance, limit int, run search.Run) (int, search.Stats, error) {
	return dfs.Count(ctx, p.(sudoku.Instance), limit, run)
}

func (sudokuKind) CountSAT(ctx context.Context, p kind.Instance, limit int, c solver.Config, enc technique.Picks) (int, solver.Stats, error) {
	return sat.Count(ctx, p.(sudoku.Instance), limit, c, enc)
}

func (sudokuKind) Query(ctx context.Context, p kind.Instance, bound int, c solver.Config, enc technique.Picks) (solver.Query[kind.Answer], string, error) {
	return kind.Erase(sat.QueryAt(ctx, p.(sudoku.Instance), bound, c, enc))
}

func (sudokuKind) Fail(p kind.Instance, word string) string { return p.(sudoku.Instance).Fail(word) }

func (sudokuKind) Grid(p kind.Instance, a kind.Answer) string {
	return p.(sudoku.Instance).Grid(a.(sudoku.Answer))
}

func (sudokuKind) Size(p kind.Instance) int { return p.(sudoku.Instance).Box }
func (sudokuKind) SizeName() string         { return "box side" }

func (sudokuKind) GenParams() []kind.Param {
	return []kind.Param{
		{Name: "box", Doc: "box side, 2 (4x4) to 20 (400x400)", Default: 3, Min: 2, Max: sudoku.MaxBox},
		{Name: "blanks", Doc: "percent of cells left blank, at random (0: as few clues as keep one answer up to box 5, 30 past it)", Max: 100},
	}
}

func (sudokuKind) Generate(rng *rand.Rand, v kind.GenValues) (kind.Instance, error) {
	if b := v["blanks"]; b > 0 {
		return gen.RandomBlanks(rng, v["box"], float64(b)/100), nil
	}
	return gen.Random(rng, v["box"]), nil
}

func (sudokuKind) GenTrailer() string { return "" }

// checkAlphabet refuses an alphabet no sudoku can have; "" detects it.
func checkAlphabet(a string) error {
	if a == "" {
		return nil
	}
	if err := sudoku.CheckAlphabet(a); err != nil {
		return fmt.Errorf("--alphabet: %w", err)
	}
	return nil
}

// Picture draws a for the lab.
func (sudokuKind) Picture(p kind.Instance, a kind.Answer) kind.Picture {
	q, x := p.(sudoku.Instance), a.(sudoku.Answer)
	s := q.Box * q.Box
	g := &kind.Grid{Size: s, Box: q.Box, Cells: make([]string, len(x.Cells)), Given: make([]bool, len(x.Cells))}
	for i, v := range x.Cells {
		if q.Alphabet != "" && int(v) <= len(q.Alphabet) {
			g.Cells[i] = q.Alphabet[v-1 : v]
		} else {
			g.Cells[i] = strconv.Itoa(int(v))
		}
		g.Given[i] = i < len(q.Cells) && q.Cells[i] != 0
	}
	return kind.Picture{Type: "grid", Grid: g}
}

// Hint returns auto's rule for the formulas of p's side.
func (sudokuKind) Hint(p kind.Instance) solver.Hint { return sat.Hint(p.(sudoku.Instance).Side()) }

// CommentHint returns auto's rule for the side that the comment names.
func (sudokuKind) CommentHint(comment string) solver.Hint { return sat.CommentHint(comment) }
