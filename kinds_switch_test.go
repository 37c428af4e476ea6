package puzzlesat_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/internal/ref/cryptbrute"
	"github.com/puzzlesat/puzzlesat/internal/ref/digitbrute"
	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/internal/ref/sticksref"
	"github.com/puzzlesat/puzzlesat/kinds/alphametic"
	"github.com/puzzlesat/puzzlesat/kinds/alphametic/gen"
	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle"
	digitpuzzlegen "github.com/puzzlesat/puzzlesat/kinds/digitpuzzle/gen"
	sticksgen "github.com/puzzlesat/puzzlesat/kinds/sticks/gen"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
	sudokugen "github.com/puzzlesat/puzzlesat/kinds/sudoku/gen"
)

// randomSwitches returns, as Options.Prunings and Options.Encoding take
// them, a random subset of k's prunings switched off and a random option
// at each of its choice points.
func randomSwitches[I puzzlesat.Instance[A], A any](rng *rand.Rand, k *puzzlesat.Kind[I, A]) (string, string) {
	var off, picks []string
	for _, p := range k.Prunings() {
		if !p.Optional && rng.IntN(3) == 0 {
			off = append(off, "-"+p.Name)
		}
	}
	for _, c := range k.Encodings() {
		picks = append(picks, c.Point+"="+c.Options[rng.IntN(len(c.Options))])
	}
	return strings.Join(off, ","), strings.Join(picks, ",")
}

// switchTimeout bounds each backend's run in checkSwitches.
const switchTimeout = 10 * time.Second

// checkSwitches counts the answers of each instance with both backends,
// random prunings off and random encoding picks, which must agree, and
// solves it with each: both find an answer or neither, and for a kind
// whose answer is canonical the same one (Solve verifies it). When
// counted says that Count counts the answers Solve finds, there is an
// answer exactly when the count is not 0.
//
// Some draws leave a search with next to no pruning (a 9x9 grid of 61
// blanks with naked singles, hidden singles and minirows off takes 12
// million nodes to its first answer), so each run has switchTimeout, and
// an instance whose count runs past it is logged and skipped.
func checkSwitches[I puzzlesat.Instance[A], A any](t *testing.T, k *puzzlesat.Kind[I, A], seed uint64, counted bool, ps []I) {
	rng := rand.New(rand.NewPCG(seed, 19))
	ctx := context.Background()
	for _, p := range ps {
		prunings, encoding := randomSwitches(rng, k)
		o := puzzlesat.Options{Backend: puzzlesat.Both, Prunings: prunings, Encoding: encoding, Timeout: switchTimeout}
		n, _, err := k.Count(ctx, p, 30, o)
		if errors.Is(err, context.DeadlineExceeded) {
			t.Logf("%s with %q and %q: %v, skipped", p.String(), prunings, encoding, err)
			continue
		}
		require.NoError(t, err, "%s with %q and %q", p.String(), prunings, encoding)
		var got [2]string
		for i, b := range []puzzlesat.Backend{puzzlesat.DFS, puzzlesat.SAT} {
			o.Backend = b
			a, _, err := k.Solve(ctx, p, o)
			if err != nil {
				require.ErrorIs(t, err, puzzlesat.ErrNoSolution, "%s by %v with %q and %q", p.String(), b, prunings, encoding)
				got[i] = "no solution"
				continue
			}
			got[i] = p.Format(a)
			if !k.Canonical() {
				got[i] = "an answer"
			}
		}
		require.Equal(t, got[0], got[1], "%s with %q and %q", p.String(), prunings, encoding)
		if counted {
			require.Equal(t, n == 0, got[0] == "no solution", "%s with %q and %q: %d answers", p.String(), prunings, encoding, n)
		}
	}
}

func TestSwitchesAlphametic(t *testing.T) {
	rng := rand.New(rand.NewPCG(2004, 21))
	ps := []alphametic.Instance{
		{N: 3, Words: [3]string{"AAB", "BBC", "AAC"}},       // two answers
		{N: 5, Words: [3]string{"ABCDE", "AAAAA", "ABCDE"}}, // 24
		{N: 4, Words: [3]string{"CABB", "ACCB", "BDAD"}},    // none
	}
	for range 40 {
		ps = append(ps, gen.Random(rng, 3+rng.IntN(5)))
	}
	checkSwitches(t, puzzlesat.Alphametic(), 1, true, ps)
}

func TestSwitchesCryptarithm(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 21))
	var ps []cryptarithm.Instance
	for i := range 60 {
		base := 2 + rng.IntN(9)
		ps = append(ps, cryptbrute.Random(rng, base, 1+rng.IntN(min(base, 7)), 1+rng.IntN(5), 1+rng.IntN(5), i%3 != 0))
	}
	checkSwitches(t, puzzlesat.Cryptarithm(), 2, true, ps)
}

func TestSwitchesDigitPuzzle(t *testing.T) {
	rng := rand.New(rand.NewPCG(12107, 21))
	var ps []digitpuzzle.Instance
	for i := range 40 {
		p := digitpuzzlegen.Random(rng)
		if i%2 == 0 {
			a := digitbrute.RandomPattern(rng, 0.5)
			p = digitpuzzle.Instance{Case: 1, A: a.A, B: a.B, C: a.C}
		}
		ps = append(ps, p)
	}
	checkSwitches(t, puzzlesat.DigitPuzzle(), 3, false, ps)
}

// TestSwitchesSudoku: 4x4 to 25x25 grids with one answer, many or none.
func TestSwitchesSudoku(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 9))
	var ps []sudoku.Instance
	for range 6 {
		ps = append(ps, sudokugen.Random(rng, 2), sudokugen.RandomBlanks(rng, 2, 0.7), sudokugen.Random(rng, 3), sudokugen.RandomBlanks(rng, 3, 0.75))
	}
	for _, name := range []string{"two_solutions.txt", "no_solution.txt", "hardest.txt"} {
		f, err := os.Open(judgedata.Path(t, "sudoku", name))
		require.NoError(t, err)
		got, err := sudoku.Parse(name, f, "")
		f.Close()
		require.NoError(t, err)
		ps = append(ps, got[0])
	}
	clash := sudokugen.Random(rng, 3)
	clash.Cells[slices.Index(clash.Cells, 0)] = clash.Cells[slices.IndexFunc(clash.Cells, func(v int16) bool { return v != 0 })]
	ps = append(ps, clash, sudokugen.RandomBlanks(rng, 4, 0.4), sudokugen.RandomBlanks(rng, 4, 0.6), sudokugen.RandomBlanks(rng, 5, 0.3))
	ps = append(ps, ps...) // four draws of the switches for each
	checkSwitches(t, puzzlesat.Sudoku(), 19, true, append(ps, ps...))
}

// TestSwitchesSticks solves generated blocks with both backends, random
// prunings off and random encoding picks, against sticksref.Classic.
func TestSwitchesSticks(t *testing.T) {
	rng := rand.New(rand.NewPCG(1011, 21))
	k := puzzlesat.Sticks()
	for range 40 {
		prunings, encoding := randomSwitches(rng, k)
		p := sticksgen.Random(rng, 2+rng.IntN(5), 5+rng.IntN(30))
		// Without these the DFS tries every order of every stick, or
		// every length: a block of 22 pieces at most without one, 8
		// without two.
		off := 0
		for _, name := range []string{"-equal-skip", "-first-piece", "-index-order", "-divisors"} {
			if strings.Contains(prunings, name) {
				off++
			}
		}
		for most := 36 - 14*min(off, 2); len(p.Pieces) > most; {
			p = sticksgen.Random(rng, 2+rng.IntN(3), 5+rng.IntN(20))
		}
		want := sticksref.Classic(p.Pieces)
		for _, b := range []puzzlesat.Backend{puzzlesat.DFS, puzzlesat.SAT} {
			o := puzzlesat.Options{Backend: b, Prunings: prunings, Encoding: encoding, Timeout: switchTimeout}
			a, _, err := k.Solve(context.Background(), p, o)
			require.NoError(t, err, "%v by %v with %q and %q", p.Pieces, b, prunings, encoding)
			require.Equal(t, want, a.Length, "%v by %v with %q and %q", p.Pieces, b, prunings, encoding)
		}
	}
}
