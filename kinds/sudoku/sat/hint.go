package sat

import (
	"strconv"
	"strings"
	"time"

	"github.com/puzzlesat/puzzlesat/solver"
)

// Hint returns auto's rule for the formulas of a sudoku of that side
// (solver.Auto), measured as docs/solvers.md says, gini's CPU time over
// CaDiCaL's (above 1, CaDiCaL is faster):
//
//   - sudoku-9x9, up to 9x9: CaDiCaL, 1 µs a literal; magictour 1.15,
//     17-clue (5,000) 1.12, poj3074 1.33.
//   - sudoku-16-25, 16x16 and 25x25: gini, 4 µs; michael404 25x25 0.61,
//     poj3076 16x16 1.00.
//   - sudoku-36-49, 36x36 and 49x49: CaDiCaL, 64 µs; michael404 36x36
//     minimal3-6: gini over 60 s on each, CaDiCaL 4-24 s on three; the
//     five easier 36x36 0.66. The one place a rule loses on some inputs to
//     win on others: gini is faster on the five easier grids (1.5 s
//     against 2.4 s in all), CaDiCaL on the four hard ones by 10× and
//     more, and their size does not tell them apart.
//   - sudoku-64+, 64x64 up: gini, 0.5 µs; the peer's 64-2 0.47, 81-1 1.59,
//     100-1 0.64, 144-2 0.58, 400-1 0.98 (1.85 s against 2.46 s in all).
func Hint(side int) solver.Hint {
	switch {
	case side <= 9:
		return solver.Hint{{Name: "sudoku-9x9", Cadical: true, Cost: time.Microsecond}}
	case side <= 25:
		return solver.Hint{{Name: "sudoku-16-25", Cost: 4 * time.Microsecond}}
	case side <= 49:
		return solver.Hint{{Name: "sudoku-36-49", Cadical: true, Cost: 64 * time.Microsecond}}
	}
	return solver.Hint{{Name: "sudoku-64+", Cost: 500 * time.Nanosecond}}
}

// CommentHint returns the Hint of a formula that EncodeWith wrote, from
// its first comment, "puzzlesat sudoku SxS": that of side S, or of a 9x9
// when the comment gives no side.
func CommentHint(comment string) solver.Hint {
	words := strings.Fields(comment)
	side := 0
	if len(words) > 2 {
		s, _, _ := strings.Cut(words[2], "x")
		side, _ = strconv.Atoi(s)
	}
	return Hint(side)
}
