package main

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
)

// trimBlank drops CRs and trailing blank lines, which the expected files
// disagree on.
func trimBlank(s string) string {
	return strings.TrimRight(strings.ReplaceAll(s, "\r", ""), "\n")
}

func TestSudokuJudgeData(t *testing.T) {
	sets := []struct{ in, out string }{
		{"sample.in", "sample.out"},
		{"poj3076_tedukuri_a.in", "poj3076_tedukuri_a.out"},
		{"poj3076_tedukuri_a.crlf.in", "poj3076_tedukuri_a.out"},
		{"michael404_16x16_poj3076fmt.in", "michael404_16x16_poj3076fmt.out"},
		{"poj3074_tedukuri.in", "poj3074_tedukuri.out"},
		{"michael404_9x9.puzzles", "michael404_9x9.solutions"},
		{"michael404_16x16.puzzles", "michael404_16x16.solutions"},
		{"michael404_25x25.puzzles", "michael404_25x25.solutions"},
	}
	for _, set := range sets {
		t.Run(set.in, func(t *testing.T) {
			in := judgedata.Path(t, "sudoku", set.in)
			want := readFile(t, judgedata.Path(t, "sudoku", set.out))
			out, errs, code := cli(t, "", "solve", "sudoku", "--backend=both", in)
			require.Equal(t, exitOK, code, errs)
			require.Equal(t, trimBlank(want), trimBlank(out))
		})
	}
}

func TestSudokuTop95BothBackends(t *testing.T) {
	in := judgedata.Path(t, "sudoku", "top95.txt")
	out, errs, code := cli(t, "", "solve", "sudoku", "--backend=both", in)
	require.Equal(t, exitOK, code, errs)
	require.Len(t, strings.Fields(out), 95)
}

func TestSudokuCountAndNoSolution(t *testing.T) {
	for _, backend := range []string{"dfs", "sat", "both"} {
		out, errs, code := cli(t, "", "count", "sudoku", "--backend="+backend, "--limit=10", "../../kinds/sudoku/testdata/two_solutions.txt")
		require.Equal(t, exitOK, code, errs)
		require.Equal(t, "2\n", out, backend)
		out, errs, code = cli(t, "", "solve", "sudoku", "--backend="+backend, "../../kinds/sudoku/testdata/no_solution.txt")
		require.Equal(t, exitFailed, code, errs)
		require.Equal(t, "no solution\n", out, backend)
	}
}

func TestSudokuBadInput(t *testing.T) {
	row := "123456789"
	tests := []badInput{
		{"short line", strings.Repeat(".", 80) + "\n", "<stdin>:1:"},
		{"symbol outside alphabet", strings.Repeat(".", 80) + "X\n", "<stdin>:1:"},
		{"equal givens in a row", "11" + strings.Repeat(".", 79) + "\n", "<stdin>:1:"},
		{"grid cut off", strings.Repeat(row+"\n", 3), "<stdin>:"},
		{"equal givens in a column", "#c\n1" + strings.Repeat(".", 8) + "\n1" + strings.Repeat(".", 8) + "\n" + strings.Repeat(strings.Repeat(".", 9)+"\n", 7), "<stdin>:3: given '1' at row 2 column 1 repeats"},
	}
	requireBadInput(t, tests, []string{"solve", "sudoku", "--backend=both"})
}

func TestSudokuRoundTrip(t *testing.T) {
	in := judgedata.Path(t, "sudoku", "sample.in")
	want := readFile(t, judgedata.Path(t, "sudoku", "sample.out"))
	cnf, errs, code := cli(t, "", "encode", "sudoku", in)
	require.Equal(t, exitOK, code, errs)
	model, _, code := cli(t, cnf, "sat", "-")
	require.Equal(t, exitSat, code)
	out, errs, code := cli(t, "", "decode", "sudoku", "--model", writeTemp(t, "m", model), in)
	require.Equal(t, exitOK, code, errs)
	require.Equal(t, trimBlank(want), trimBlank(out))
}

func TestSudokuGenUnique(t *testing.T) {
	for _, box := range []string{"3", "4"} {
		out, errs, code := cli(t, "", "gen", "sudoku", "--box", box, "--count", "3", "--seed", "11")
		require.Equal(t, exitOK, code, errs)
		counts, errs, code := cli(t, out, "count", "sudoku", "--backend=both")
		require.Equal(t, exitOK, code, errs)
		require.Equal(t, "1\n1\n1\n", counts, "box %s", box)
	}
}

// TestSudokuSeveralSolutionsDisagree: the later POJ 2676 grids have many
// solutions, and the two backends print different valid grids for some;
// --backend=both reports those, and still prints the others.
func TestSudokuSeveralSolutionsDisagree(t *testing.T) {
	in := judgedata.Path(t, "sudoku", "poj2676_tedukuri_inputonly.in")
	out, errs, code := cli(t, "", "solve", "sudoku", "--backend=both", in)
	require.Equal(t, exitFailed, code)
	require.Contains(t, errs, ": the backends disagree (each answer passes Verify: the instance has several solutions")
	require.NotEmpty(t, out)
	counts, _, _ := cli(t, "", "count", "sudoku", in)
	require.Contains(t, counts, ">=2")
}

// TestSudokuAlphabet16 (issue 10 item 9): a 16x16 puzzle whose givens are
// 0 and A-F, with '.' blanks, is hexadecimal and is solved in 0-9A-F; one
// whose givens are A-F only fits both alphabets, is read as A-P, and a
// line on stderr points to --alphabet, which settles it.
func TestSudokuAlphabet16(t *testing.T) {
	hex := "0123456789ABCDEF"
	row := func(r int) string { // a valid hexadecimal grid, rows shifted by box
		var b strings.Builder
		for c := range 16 {
			b.WriteByte(hex[(4*(r%4)+r/4+c)%16])
		}
		return b.String()
	}
	var zeroAF, onlyAF strings.Builder
	for r := range 16 {
		zeroAF.WriteString(strings.Map(func(c rune) rune {
			if c == '0' || c >= 'A' {
				return c
			}
			return '.'
		}, row(r)) + "\n")
		onlyAF.WriteString(strings.Map(func(c rune) rune {
			if c >= 'A' {
				return c
			}
			return '.'
		}, row(r)) + "\n")
	}
	out, errs, code := cli(t, zeroAF.String(), "solve", "sudoku")
	require.Equal(t, exitOK, code, errs)
	require.Empty(t, errs)
	require.Len(t, strings.Fields(out), 16)
	require.Empty(t, strings.Trim(out, hex+"\n"), "solved in 0-9A-F")

	out, errs, code = cli(t, onlyAF.String()+"\n"+onlyAF.String(), "solve", "sudoku")
	require.Equal(t, exitOK, code, errs)
	require.Equal(t, "puzzlesat: <stdin>:1: 16x16 puzzle with givens A-F only fits both A-P and 0-9A-F: read as A-P"+
		" (and 1 more puzzles like it); give the alphabet 0123456789ABCDEF to read 0-9A-F\n", errs)
	require.Contains(t, out, "P", "solved in A-P")

	out, errs, code = cli(t, onlyAF.String(), "solve", "sudoku", "--alphabet="+hex)
	require.Equal(t, exitOK, code, errs)
	require.Empty(t, errs)
	require.NotContains(t, out, "P")
}

// TestSudokuEverySize: both backends, through the command, on a generated
// puzzle of every size from 4x4 to 100x100 (20% blanks, which keeps CI
// quick; see the README for the sizes and shares of blanks each backend
// reaches), every answer verified and the two agreeing where the puzzle
// has one answer (up to 25x25, where gen makes them unique).
func TestSudokuEverySize(t *testing.T) {
	for box := 2; box <= 10; box++ {
		args := []string{"gen", "sudoku", "--box", strconv.Itoa(box), "--seed", "3"}
		if box > 5 {
			args = append(args, "--blanks", "20")
		}
		in, errs, code := cli(t, "", args...)
		require.Equal(t, exitOK, code, errs)
		backend := "--backend=both"
		if box > 5 {
			backend = "--backend=dfs"
		}
		out, errs, code := cli(t, in, "solve", "sudoku", backend)
		require.Equal(t, exitOK, code, "box %d: %s", box, errs)
		if box > 5 {
			sat, errs, code := cli(t, in, "solve", "sudoku", "--backend=sat")
			require.Equal(t, exitOK, code, "box %d: %s", box, errs)
			requireSameGivens(t, in, sat)
		}
		requireSameGivens(t, in, out)
	}
}

// requireSameGivens checks that answer, in the layout of puzzle, keeps
// its givens (Verify inside the command checked the rest).
func requireSameGivens(t *testing.T, puzzle, answer string) {
	t.Helper()
	p, a := strings.Fields(puzzle), strings.Fields(answer)
	if strings.Contains(strings.TrimSpace(puzzle), " ") { // numbers
		for i := range p {
			if p[i] != "0" && p[i] != "." {
				require.Equal(t, p[i], a[i], "cell %d", i)
			}
		}
		return
	}
	ps, as := strings.Join(p, ""), strings.Join(a, "")
	require.Len(t, as, len(ps))
	for i := range len(ps) {
		if ps[i] != '.' && ps[i] != '-' && ps[i] != '0' {
			require.Equal(t, ps[i], as[i], "cell %d", i)
		}
	}
}

// TestSudokuNumericRoundTrip: a numeric grid is answered in numbers, and
// the answer parses back as a full grid with the puzzle's givens; encode,
// sat and decode go round in numbers too.
func TestSudokuNumericRoundTrip(t *testing.T) {
	in, errs, code := cli(t, "", "gen", "sudoku", "--box", "3", "--seed", "8")
	require.Equal(t, exitOK, code, errs)
	var numeric strings.Builder
	for r := range 9 {
		for c := range 9 {
			if c > 0 {
				numeric.WriteString(" ")
			}
			switch ch := in[r*9+c]; ch {
			case '.':
				numeric.WriteString(".")
			default:
				numeric.WriteByte(ch)
			}
		}
		numeric.WriteString("\n")
	}
	out, errs, code := cli(t, numeric.String(), "solve", "sudoku", "--backend=both")
	require.Equal(t, exitOK, code, errs)
	rows := strings.Split(strings.TrimSuffix(out, "\n\n"), "\n")
	require.Len(t, rows, 9)
	for _, row := range rows {
		require.Regexp(t, `^[1-9]( [1-9]){8}$`, row)
	}
	requireSameGivens(t, numeric.String(), out)
	again, errs, code := cli(t, out, "solve", "sudoku")
	require.Equal(t, exitOK, code, errs)
	require.Equal(t, out, again, "a full grid is its own answer")

	cnf, errs, code := cli(t, numeric.String(), "encode", "sudoku")
	require.Equal(t, exitOK, code, errs)
	require.Contains(t, cnf, "=9\n", "variables named by numbers")
	model, _, code := cli(t, cnf, "sat", "-")
	require.Equal(t, exitSat, code)
	decoded, errs, code := cli(t, numeric.String(), "decode", "sudoku", "--model", writeTemp(t, "m", model))
	require.Equal(t, exitOK, code, errs)
	require.Equal(t, out, decoded)
}

// TestSudokuBadSizes: each bad size exits 2 with one line naming the line.
func TestSudokuBadSizes(t *testing.T) {
	tests := []badInput{
		{"side not a square", "1 2 3 4 5\n", "<stdin>:1: a row of 5 numbers: the side must be a square"},
		{"unequal rows", "1 2 3 4\n3 4 1\n2 1 4 3\n4 3 2 1\n", "<stdin>:2: expected row 2 of the grid, 4 numbers, got 3"},
		{"number out of range", "\n1 2 3 4\n3 4 1 2\n2 1 4 5\n4 3 2 1\n", "<stdin>:4: number \"5\" at row 3 column 4 out of range 0..4"},
		{"int64 number", "1 2 3 -9223372036854775808\n", "<stdin>:1: expected a number 0..4 or '.' at row 1 column 4"},
		{"equal givens in a box", "1 0 0 0\n0 1 0 0\n0 0 0 0\n0 0 0 0\n", "<stdin>:2: given 1 at row 2 column 2 repeats one in its box"},
		{"side over 400", strings.Repeat("0 ", 441) + "\n", "<stdin>:1: a row of 441 numbers"},
		{"character row of a bad length", "ABCDE\n", "<stdin>:1: expected a row of 4, 9, 16, 25 or 36 symbols"},
	}
	requireBadInput(t, tests, []string{"solve", "sudoku", "--backend=both"})
	_, errs, code := cli(t, "", "gen", "sudoku", "--box", "21")
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, "flag -box: must be in 2..20")
	_, errs, code = cli(t, "", "gen", "sudoku", "--blanks", "101")
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, "flag -blanks: must be in 0..100")
}

// TestSudoku36 solves the michael404 36x36 puzzles that take each backend
// under a second (the first five of nine) and checks them against their
// solutions; the README lists what the other four take.
func TestSudoku36(t *testing.T) {
	puzzles := strings.Split(readFile(t, judgedata.Path(t, "sudoku", "michael404_36x36.puzzles")), "\n")
	sols := strings.Split(readFile(t, judgedata.Path(t, "sudoku", "michael404_36x36.solutions")), "\n")
	for i := range 5 {
		out, errs, code := cli(t, puzzles[i]+"\n", "solve", "sudoku", "--backend=both")
		require.Equal(t, exitOK, code, "puzzle %d: %s", i+1, errs)
		require.Equal(t, sols[i]+"\n", out, "puzzle %d", i+1)
	}
}

// TestSudokuBatchSession: a 9x9 batch by the SAT backend, whose workers
// each keep the rules on one solver (puzzlesat.Session), prints the
// expected answers with one worker and with two, the same as the DFS
// (the puzzles have one answer each), and "no solution" for a puzzle
// with none in the middle of a batch.
func TestSudokuBatchSession(t *testing.T) {
	in := judgedata.Path(t, "sudoku", "poj3074_tedukuri.in")
	want := readFile(t, judgedata.Path(t, "sudoku", "poj3074_tedukuri.out"))
	for _, jobs := range []string{"--jobs=1", "--jobs=2"} {
		out, errs, code := cli(t, "", "solve", "sudoku", "--backend=sat", jobs, in)
		require.Equal(t, exitOK, code, errs)
		require.Equal(t, fields(want), fields(out), jobs)
	}
	top := strings.Split(strings.TrimSpace(readFile(t, judgedata.Path(t, "sudoku", "top95.txt"))), "\n")[:6]
	bad := strings.Split(strings.TrimSpace(readFile(t, judgedata.Path(t, "sudoku", "no_solution.txt"))), "\n")
	batch := strings.Join(append(append(top[:3:3], bad...), top[3:]...), "\n") + "\n"
	dfs, _, code := cli(t, batch, "solve", "sudoku", "--backend=dfs")
	require.Equal(t, exitFailed, code)
	for _, jobs := range []string{"--jobs=1", "--jobs=2"} {
		out, errs, code := cli(t, batch, "solve", "sudoku", "--backend=sat", jobs)
		require.Equal(t, exitFailed, code, errs)
		require.Equal(t, dfs, out, jobs)
		require.Contains(t, out, "no solution")
	}
}

// TestSudokuTechniques lists sudoku's prunings and encodings, solves and
// counts with some switched (fewest-first takes band-branch along, with a
// note; the 9x9 answers stay those of the defaults), encodes and decodes
// with a pick, and refuses an unknown name, listing the valid ones.
func TestSudokuTechniques(t *testing.T) {
	out, errs, code := cli(t, "", "prunings", "sudoku", "--json")
	require.Equal(t, exitOK, code, errs)
	require.GreaterOrEqual(t, strings.Count(out, `"name"`), 4, out)
	require.Contains(t, out, `"name": "band-branch"`)
	out, errs, code = cli(t, "", "encodings", "sudoku")
	require.Equal(t, exitOK, code, errs)
	require.Contains(t, out, "bimander")
	in := judgedata.Path(t, "sudoku", "poj2676_tedukuri_inputonly.in") // many answers
	want, errs, code := cli(t, "", "solve", "sudoku", in)
	require.Equal(t, exitOK, code, errs)
	for _, args := range [][]string{
		{"--dfs=-naked-singles,-hidden-singles,-stack-rule"},
		{"--dfs=-fewest-first,-minirows"},
	} {
		out, errs, code := cli(t, "", append([]string{"solve", "sudoku"}, append(args, in)...)...)
		require.Equal(t, exitOK, code, errs)
		require.Equal(t, want, out, args)
		if strings.Contains(args[0], "-fewest-first") {
			require.Contains(t, errs, "switching off fewest-first also switches off band-branch, which needs it")
		}
	}
	hex := judgedata.Path(t, "sudoku", "poj3076_tedukuri_a.in")
	out, errs, code = cli(t, "", "solve", "sudoku", "--backend=both", "--dfs=-box-line,-look-ahead", "--encoding=amo=binary,sides=minimal", hex)
	require.Equal(t, exitOK, code, errs)
	require.Equal(t, trimBlank(readFile(t, judgedata.Path(t, "sudoku", "poj3076_tedukuri_a.out"))), trimBlank(out))
	two := "../../kinds/sudoku/testdata/two_solutions.txt"
	for _, args := range [][]string{{"--dfs=-hidden-singles,-box-line"}, {"--backend=sat", "--encoding=sides=efficient,presolve=givens"}} {
		out, errs, code := cli(t, "", append([]string{"count", "sudoku", "--limit=10"}, append(args, two)...)...)
		require.Equal(t, exitOK, code, errs)
		require.Equal(t, "2\n", out, args)
	}
	sample := judgedata.Path(t, "sudoku", "sample.in")
	formula, errs, code := cli(t, "", "encode", "sudoku", "--encoding=amo=sequential,small-groups=amo", sample)
	require.Equal(t, exitOK, code, errs)
	model, _, code := cli(t, formula, "sat", "-")
	require.Equal(t, exitSat, code)
	out, errs, code = cli(t, "", "decode", "sudoku", "--encoding=amo=sequential,small-groups=amo", "--model", writeTemp(t, "m", model), sample)
	require.Equal(t, exitOK, code, errs)
	require.Equal(t, trimBlank(readFile(t, judgedata.Path(t, "sudoku", "sample.out"))), trimBlank(out))
	_, errs, code = cli(t, "", "solve", "sudoku", "--dfs=-singles", sample)
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, `unknown pruning "singles": want one of naked-singles, hidden-singles,`)
}
