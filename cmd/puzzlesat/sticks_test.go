package main

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
)

// sticksJudgeFiles are the data files whose answers use every piece; both
// backends answer each block in well under a second.
var sticksJudgeFiles = []string{
	"sample",
	"cerc1995_sticks_le50",
	"cerc1995_sticks_pure",
	"folklore_comment2",
	"folklore_pkuoj_comment",
	"hard_454",
}

func TestSticksJudgeData(t *testing.T) {
	for _, name := range sticksJudgeFiles {
		t.Run(name, func(t *testing.T) {
			in := judgedata.Path(t, "sticks", name+".in")
			want := readFile(t, judgedata.Path(t, "sticks", name+".out"))
			out, errs, code := cli(t, "", "solve", "sticks", "--backend=both", in)
			require.Equal(t, exitOK, code, errs)
			require.Equal(t, want, out)
		})
	}
}

// TestSticksMaxPiece reproduces the CERC judge, which ignored the pieces
// over 50 that its data holds.
func TestSticksMaxPiece(t *testing.T) {
	in := judgedata.Path(t, "sticks", "cerc1995_sticks.in")
	want := readFile(t, judgedata.Path(t, "sticks", "cerc1995_sticks.out"))
	out, errs, code := cli(t, "", "solve", "sticks", "--backend=both", "--max-piece=50", in)
	require.Equal(t, exitOK, code, errs)
	require.Equal(t, want, out)
	require.Contains(t, errs, "dropped 466 pieces longer than 50 from 117 of 258 blocks")

	// Without pieces to drop there is no note.
	out, errs, code = cli(t, "2\n1 1\n0\n", "solve", "sticks", "--max-piece=50")
	require.Equal(t, exitOK, code, errs)
	require.Equal(t, "1\n", out)
	require.Empty(t, errs)

	// A block left without pieces has no answer.
	out, _, code = cli(t, "1\n60\n1\n5\n0\n", "solve", "sticks", "--max-piece=50", "--backend=both")
	require.Equal(t, exitFailed, code)
	require.Equal(t, "no solution\n5\n", out)
	out, errs, code = cli(t, "1\n60\n0\n", "encode", "sticks", "--max-piece=50")
	require.Equal(t, exitUsage, code)
	require.Empty(t, out)
	require.Contains(t, errs, "give --length")
}

// sticksCertificate checks the "# stick i: ..." lines after an answer:
// each stick sums to the answer and together they use the given pieces.
func sticksCertificate(t *testing.T, out string, pieces []int) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	l, err := strconv.Atoi(lines[0])
	require.NoError(t, err)
	var used []int
	for i, line := range lines[1:] {
		rest, ok := strings.CutPrefix(line, "# stick "+strconv.Itoa(i+1)+":")
		require.True(t, ok, "line %q", line)
		sum := 0
		for _, f := range strings.Fields(rest) {
			v, err := strconv.Atoi(f)
			require.NoError(t, err)
			sum += v
			used = append(used, v)
		}
		require.Equal(t, l, sum, "line %q", line)
	}
	slices.Sort(used)
	pieces = slices.Clone(pieces)
	slices.Sort(pieces)
	require.Equal(t, pieces, used)
}

func TestSticksCertificate(t *testing.T) {
	pieces := []int{5, 2, 1, 5, 2, 1, 5, 2, 1}
	for _, backend := range []string{"dfs", "sat", "both"} {
		out, errs, code := cli(t, "9\n5 2 1 5 2 1 5 2 1\n0\n", "solve", "sticks", "--certificate", "--backend="+backend)
		require.Equal(t, exitOK, code, errs)
		require.True(t, strings.HasPrefix(out, "6\n# stick 1:"), out)
		require.Equal(t, 4, strings.Count(out, "# stick"), out)
		sticksCertificate(t, out, pieces)
	}
}

func TestSticksBadInput(t *testing.T) {
	tests := []badInput{
		{"fewer lengths than the count", "3\n1 2\n0\n", "<stdin>:3:"},
		{"zero length", "2\n1 0\n0\n", "<stdin>:2:"},
		{"negative length", "2\n-1 4\n0\n", "<stdin>:2:"},
		{"non-numeric length", "2\n1\nx\n0\n", "<stdin>:3:"},
		{"bad count", "two\n1 2\n0\n", "<stdin>:1:"},
		{"length past the limit", "1\n10001\n0\n", "<stdin>:2:"},
		{"count past the limit", "1001\n", "<stdin>:1:"},
	}
	requireBadInput(t, tests, []string{"solve", "sticks", "--backend=both"})
	file := writeTemp(t, "bad.in", "2\n1 1\n3\n1 2 oops\n0\n")
	out, errs, code := cli(t, "", "solve", "sticks", file)
	require.Equal(t, exitUsage, code)
	require.Empty(t, out)
	require.Contains(t, errs, file+":4:")
	for _, args := range [][]string{
		{"solve", "sticks", "--max-piece=-1"},
		{"encode", "sticks", "--length=-5"},
		{"count", "sticks"},
		{"gen", "sticks", "--sticks=0"},
		{"gen", "sticks", "--length=1001"},
	} {
		out, errs, code := cli(t, "2\n1 1\n0\n", args...)
		require.Equal(t, exitUsage, code, "%v: %s", args, errs)
		require.Empty(t, out, "%v", args)
	}
}

// TestSticksRoundTrip encodes a query, solves the DIMACS with the sat
// subcommand, and decodes the model: at a length that fits, the sticks;
// at one that does not, "no solution".
func TestSticksRoundTrip(t *testing.T) {
	sample := judgedata.Path(t, "sticks", "sample.in")
	hard := judgedata.Path(t, "sticks", "hard_454.in")
	tests := []struct {
		name string
		args []string // after "encode sticks" / "decode sticks"
		in   string
		sat  bool
		want string
	}{
		{"sample at its answer", nil, sample, true, "6\n"},
		{"sample at a longer length", []string{"--length=8"}, sample, true, "8\n"},
		{"sample at a non-divisor", []string{"--length=7"}, sample, false, "no solution\n"},
		{"second block", []string{"--case=2", "--length=5"}, sample, true, "5\n"},
		{"hard_454 at half", []string{"--length=227"}, hard, false, "no solution\n"},
		{"hard_454 found by sat", []string{"--backend=sat"}, hard, true, "454\n"},
		{"hard_454 found by both", []string{"--backend=both"}, hard, true, "454\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cnf, errs, code := cli(t, "", append(append([]string{"encode", "sticks"}, tc.args...), tc.in)...)
			require.Equal(t, exitOK, code, errs)
			require.Contains(t, cnf, "c puzzlesat sticks L=")
			again, _, _ := cli(t, "", append(append([]string{"encode", "sticks"}, tc.args...), tc.in)...)
			require.Equal(t, cnf, again, "deterministic DIMACS")
			model, _, code := cli(t, cnf, "sat", "-")
			if tc.sat {
				require.Equal(t, exitSat, code)
			} else {
				require.Equal(t, exitUnsat, code)
			}
			args := append([]string{"decode", "sticks", "--certificate", "--model", writeTemp(t, "model", model)}, tc.args...)
			out, errs, code := cli(t, "", append(args, tc.in)...)
			if !tc.sat {
				require.Equal(t, exitFailed, code, errs)
				require.Equal(t, tc.want, out)
				return
			}
			require.Equal(t, exitOK, code, errs)
			require.True(t, strings.HasPrefix(out, tc.want), out)
			require.Contains(t, out, "# stick 1:")
		})
	}
	// A model of one query does not decode as another's.
	cnf, _, _ := cli(t, "", "encode", "sticks", "--length=8", sample)
	model, _, _ := cli(t, cnf, "sat", "-")
	out, errs, code := cli(t, "", "decode", "sticks", "--length=12", "--model", writeTemp(t, "m", model), sample)
	require.Equal(t, exitUsage, code)
	require.Empty(t, out)
	require.Regexp(t, "made for another|hash", errs)
}

// TestSticksGen solves generated blocks with both backends, which must
// agree; a block cut from sticks of length L has an answer dividing the
// total and at most L.
func TestSticksGen(t *testing.T) {
	blocks, errs, code := cli(t, "", "gen", "sticks", "--seed=3", "--count=30", "--sticks=5", "--length=40")
	require.Equal(t, exitOK, code, errs)
	require.True(t, strings.HasSuffix(blocks, "\n0\n"))
	again, _, _ := cli(t, "", "gen", "sticks", "--seed=3", "--count=30", "--sticks=5", "--length=40")
	require.Equal(t, blocks, again, "reproducible")
	out, errs, code := cli(t, blocks, "solve", "sticks", "--backend=both")
	require.Equal(t, exitOK, code, errs)
	answers := fields(out)
	require.Len(t, answers, 30)
	for _, a := range answers {
		l, err := strconv.Atoi(a)
		require.NoError(t, err)
		require.LessOrEqual(t, l, 40)
		require.Zero(t, 200%l, "answer %d must divide the total 200", l)
	}
	// Random lengths, default size.
	blocks, errs, code = cli(t, "", "gen", "sticks", "--seed=9", "--count=20")
	require.Equal(t, exitOK, code, errs)
	_, errs, code = cli(t, blocks, "solve", "sticks", "--backend=both")
	require.Equal(t, exitOK, code, errs)
}

// TestSticksTechniques lists sticks' prunings and encodings, solves with
// some switched, encodes and decodes in another encoding, and refuses an
// unknown name, listing the valid ones.
func TestSticksTechniques(t *testing.T) {
	out, errs, code := cli(t, "", "prunings", "sticks")
	require.Equal(t, exitOK, code, errs)
	require.GreaterOrEqual(t, strings.Count(out, "\n")-1, 4, out)
	out, errs, code = cli(t, "", "encodings", "sticks", "--json")
	require.Equal(t, exitOK, code, errs)
	require.Contains(t, out, `"point": "sum"`)
	sample := judgedata.Path(t, "sticks", "sample.in")
	for _, args := range [][]string{
		{"--dfs=-memo,-first-piece,-equal-skip,-shortest-first"},
		{"--backend=sat", "--encoding=model=pieces,sum=adder"},
		{"--backend=both", "--dfs=-reachable-sums", "--encoding=symmetry=none,long=third"},
	} {
		out, errs, code := cli(t, "", append([]string{"solve", "sticks"}, append(args, sample)...)...)
		require.Equal(t, exitOK, code, errs)
		require.Equal(t, "6\n5\n", out, args)
	}
	cnf, errs, code := cli(t, "", "encode", "sticks", "--encoding=sum=mdd", sample)
	require.Equal(t, exitOK, code, errs)
	require.Contains(t, cnf, "c encoding model=counts,sum=mdd,symmetry=lex,long=auto\n")
	model, _, _ := cli(t, cnf, "sat", "-")
	out, errs, code = cli(t, "", "decode", "sticks", "--encoding=sum=mdd", "--model", writeTemp(t, "model", model), sample)
	require.Equal(t, exitOK, code, errs)
	require.Equal(t, "6\n", out)
	_, errs, code = cli(t, "", "decode", "sticks", "--model", writeTemp(t, "model", model), sample)
	require.Equal(t, exitUsage, code)
	require.Regexp(t, "give the same encoding|made for another", errs)
	_, errs, code = cli(t, "", "solve", "sticks", "--dfs=-memos", sample)
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, `unknown pruning "memos": did you mean "memo"?`)
	_, errs, code = cli(t, "", "solve", "sticks", "--backend=sat", "--encoding=sum=bdd", sample)
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, `encoding "sum=bdd": did you mean "sum=mdd"?`)
	_, errs, code = cli(t, "", "solve", "sticks", "--backend=sat", "--encoding=sum=chess", sample)
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, "want sum one of mdd-exact, mdd, mdd-atmost, adder")
}
