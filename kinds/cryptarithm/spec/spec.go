// Package spec registers the cryptarithm kind: general addition
// alphametics, SEND + MORE = MONEY, in any base 2..36.
package spec

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm"
	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm/gen"
	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm/sat"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

func init() { kind.Register(Kind) }

// Kind is the cryptarithm kind, in the base its option sets (the same for
// every puzzle of an input).
var Kind = cryptarithmKind{kind.New(kind.Spec[cryptarithm.Instance, cryptarithm.Answer]{
	Name: "cryptarithm", Summary: "general addition alphametics: `SEND + MORE = MONEY`, any number of addends, base 2..36",
	Scan:      scan,
	Own:       kind.SearchOf[cryptarithm.Instance, cryptarithm.Answer]{Doc: "puzzlesat's own search", Prunings: dfs.Prunings(), Run: dfs.Solve},
	Encodings: sat.Encodings(), SAT: sat.Solve,
	Samples: kind.Sub(cryptarithm.Samples, "testdata"),
})}

// scan reads cryptarithms in the base of the option "base".
func scan(file string, r io.Reader, o kind.ScanOptions, yield func(cryptarithm.Instance) error) error {
	b, err := base(o)
	if err != nil {
		return err
	}
	return cryptarithm.Scan(file, r, b, yield)
}

type cryptarithmKind struct {
	kind.Of[cryptarithm.Instance, cryptarithm.Answer]
}

func (cryptarithmKind) Options() []kind.Flag {
	return []kind.Flag{{Name: "base", Doc: "the base `B` of every puzzle of the input, 2..36 (default 10)", Check: checkBase}}
}

// checkBase refuses a base that is not a whole number in 2..36.
func checkBase(s string) error {
	_, err := base(kind.ScanOptions{Values: map[string]string{"base": s}})
	return err
}

// base returns the base the options set, checked.
func base(o kind.ScanOptions) (int, error) {
	b, err := o.Int("base", cryptarithm.DefaultBase)
	if err != nil {
		return 0, err
	}
	if b < cryptarithm.MinBase || b > cryptarithm.MaxBase {
		return 0, fmt.Errorf("--base must be in %d..%d, got %d", cryptarithm.MinBase, cryptarithm.MaxBase, b)
	}
	return b, nil
}

func (cryptarithmKind) CountDFS(ctx context.Context, p kind.Instance, limit int, run search.Run) (int, search.Stats, error) {
	return dfs.Count(ctx, p.(cryptarithm.Instance), limit, run)
}

func (cryptarithmKind) CountSAT(ctx context.Context, p kind.Instance, limit int, c solver.Config, enc technique.Picks) (int, solver.Stats, error) {
	return sat.Count(ctx, p.(cryptarithm.Instance), limit, c, enc)
}

func (cryptarithmKind) Query(ctx context.Context, p kind.Instance, bound int, c solver.Config, enc technique.Picks) (solver.Query[kind.Answer], string, error) {
	return kind.Erase(sat.QueryAt(ctx, p.(cryptarithm.Instance), bound, c, enc))
}

func (cryptarithmKind) Size(p kind.Instance) int { return len(p.(cryptarithm.Instance).Letters()) }
func (cryptarithmKind) SizeName() string         { return "letters" }

func (cryptarithmKind) GenParams() []kind.Param {
	return []kind.Param{
		{Name: "base", Doc: "the base of the puzzles", Default: cryptarithm.DefaultBase, Min: cryptarithm.MinBase, Max: gen.MaxGenBase},
		{Name: "addends", Doc: "addends per puzzle", Default: 2, Min: 2, Max: 1000},
		{Name: "width", Doc: "letters of the longest addend", Default: 5, Min: 1, Max: 12},
	}
}

func (cryptarithmKind) Generate(rng *rand.Rand, v kind.GenValues) (kind.Instance, error) {
	p, err := gen.Random(rng, v["base"], v["addends"], v["width"])
	if errors.Is(err, gen.ErrNoUniquePuzzle) {
		return nil, fmt.Errorf("%w: try longer words (width) or fewer addends", err)
	}
	if err != nil {
		return nil, err
	}
	return p, nil
}

func (cryptarithmKind) GenTrailer() string { return "" }

// Picture draws a for the lab.
func (cryptarithmKind) Picture(p kind.Instance, a kind.Answer) kind.Picture {
	q, x := p.(cryptarithm.Instance), a.(cryptarithm.Answer)
	letters := q.Letters()
	digit := func(c byte) int { return x.Digits[strings.IndexByte(letters, c)] }
	return kind.WordsPicture(q.Addends, q.Sum, digit, q.Base)
}

// Hint returns auto's rules for the kind's formulas, sat.Hint.
func (cryptarithmKind) Hint(kind.Instance) solver.Hint { return sat.Hint }

// CommentHint returns sat.Hint, whatever the comment says.
func (cryptarithmKind) CommentHint(string) solver.Hint { return sat.Hint }
