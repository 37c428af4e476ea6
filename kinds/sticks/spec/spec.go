// Package spec registers the sticks kind: POJ 1011 / UVa 307 "Sticks".
package spec

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"

	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/kinds/sticks"
	"github.com/puzzlesat/puzzlesat/kinds/sticks/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/sticks/gen"
	"github.com/puzzlesat/puzzlesat/kinds/sticks/sat"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

func init() { kind.Register(Kind) }

// Kind is the sticks kind. Its queries ask whether the pieces make sticks
// of length L, the bound.
var Kind = sticksKind{kind.New(kind.Spec[sticks.Instance, sticks.Answer]{
	Name: "sticks", Summary: `POJ 1011 / UVa 307 "Sticks"`,
	Scan: scan,
	Own:  kind.SearchOf[sticks.Instance, sticks.Answer]{Doc: "puzzlesat's own search", Prunings: dfs.Prunings(), Run: dfs.Solve},
	Chapter: kind.SearchOf[sticks.Instance, sticks.Answer]{Prunings: dfs.SticksChapterPrunings(), Run: dfs.SticksChapter,
		Doc: "the chapter's listing (AcWing 167), piece by piece, every length from the longest piece up"},
	Encodings: sat.Encodings(), SAT: sat.Solve,
	Samples: kind.Sub(sticks.Samples, "testdata"),
})}

// scan reads sticks blocks and drops the pieces longer than the option
// "max-piece", noting how many.
func scan(file string, r io.Reader, o kind.ScanOptions, yield func(sticks.Instance) error) error {
	most, err := maxPiece(o)
	if err != nil {
		return err
	}
	pieces, blocks, all := 0, 0, 0
	err = sticks.Scan(file, r, func(p sticks.Instance) error {
		all++
		if most > 0 {
			var n int
			if p, n = p.DropLonger(most); n > 0 {
				pieces += n
				blocks++
			}
		}
		return yield(p)
	})
	if err == nil && pieces > 0 {
		o.Notef("%s: dropped %d pieces longer than %d from %d of %d blocks", file, pieces, most, blocks, all)
	}
	return err
}

type sticksKind struct {
	kind.Of[sticks.Instance, sticks.Answer]
}

func (sticksKind) Options() []kind.Flag {
	return []kind.Flag{{Name: "max-piece", Doc: "drop the pieces longer than `N` before solving, as the CERC 1995 judge did with 50 (0: keep all)",
		Check: func(s string) error {
			_, err := maxPiece(kind.ScanOptions{Values: map[string]string{"max-piece": s}})
			return err
		}}}
}

// maxPiece returns the longest piece the options keep, 0 for every one.
func maxPiece(o kind.ScanOptions) (int, error) {
	most, err := o.Int("max-piece", 0)
	if err == nil && most < 0 {
		err = fmt.Errorf("--max-piece must not be negative, got %d", most)
	}
	return most, err
}

func (sticksKind) CanonicalAnswer() {}
func (sticksKind) SizesTables()     {}

func (sticksKind) Bound(_ kind.Instance, a kind.Answer) (int, string) {
	return a.(sticks.Answer).Length, ""
}

func (sticksKind) BoundFlag() kind.Flag {
	return kind.Flag{Name: "length", Doc: "the stick length `L` the query asks about"}
}

func (sticksKind) Query(ctx context.Context, p kind.Instance, bound int, c solver.Config, enc technique.Picks) (solver.Query[kind.Answer], string, error) {
	return kind.Erase(sat.QueryAt(ctx, p.(sticks.Instance), bound, c, enc))
}

func (sticksKind) Fail(p kind.Instance, word string) string { return p.(sticks.Instance).Fail(word) }

func (sticksKind) Certificate(p kind.Instance, a kind.Answer) string {
	return p.(sticks.Instance).Certificate(a.(sticks.Answer))
}

func (sticksKind) Size(p kind.Instance) int { return len(p.(sticks.Instance).Pieces) }
func (sticksKind) SizeName() string         { return "pieces" }

func (sticksKind) GenParams() []kind.Param {
	return []kind.Param{
		{Name: "sticks", Doc: "sticks cut per block", Default: 6, Min: 1, Max: 64},
		{Name: "length", Doc: "length of the sticks (0: drawn per block from 20..60)", Max: 1000},
	}
}

func (sticksKind) Generate(rng *rand.Rand, v kind.GenValues) (kind.Instance, error) {
	l := v["length"]
	if l == 0 {
		l = 20 + rng.IntN(41)
	}
	return gen.Random(rng, v["sticks"], l), nil
}

func (sticksKind) GenTrailer() string { return "0\n" }

// Picture draws a for the lab.
func (sticksKind) Picture(_ kind.Instance, a kind.Answer) kind.Picture {
	x := a.(sticks.Answer)
	return kind.Picture{Type: "bars", Caption: "stick length " + strconv.Itoa(x.Length),
		Bars: &kind.Bars{Length: x.Length, Bars: x.Sticks}}
}

// Hint returns auto's rules for the kind's formulas, sat.Hint.
func (sticksKind) Hint(kind.Instance) solver.Hint { return sat.Hint }

// CommentHint returns sat.Hint, whatever the comment says.
func (sticksKind) CommentHint(string) solver.Hint { return sat.Hint }
