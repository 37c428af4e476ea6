package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/compare"
	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
)

// compareSample is an input of a kind, a few instances that both
// backends settle within a second.
type compareSample struct {
	kind  string
	files [][]string // judgedata.Path's elements
	sized bool       // the kind has a size column
}

// compareSamples returns every kind's judge sample, and an example of
// instances of several sizes, so that the plot has its size panel.
func compareSamples() []compareSample {
	var out []compareSample
	for _, k := range kinds() {
		out = append(out, compareSample{k.name(), [][]string{{k.name(), "sample.in"}}, k.sizeName() != ""})
	}
	return append(out, compareSample{"alphametic", [][]string{{"alphametic", "sample.in"}, {"alphametic", "alpha1.in"}, {"alphametic", "alpha3.in"}, {"alphametic", "alpha10.in"}}, true})
}

// compareTable is compare's stdout split into cells.
type compareTable struct {
	header  []string
	rows    [][]string
	summary [][]string // the summary's header first
}

// parseCompareTable splits compare's stdout: the header, one row per
// instance with as many cells, a blank line, the summary.
func parseCompareTable(t *testing.T, out string) compareTable {
	t.Helper()
	body, summary, ok := strings.Cut(out, "\n\n")
	require.True(t, ok, "no blank line before the summary:\n%s", out)
	lines := strings.Split(body, "\n")
	tb := compareTable{header: strings.Fields(lines[0])}
	for _, l := range lines[1:] {
		row := strings.Fields(l)
		require.Len(t, row, len(tb.header), "row %q", l)
		tb.rows = append(tb.rows, row)
	}
	for _, l := range strings.Split(strings.TrimSuffix(summary, "\n"), "\n") {
		tb.summary = append(tb.summary, strings.Fields(l))
	}
	return tb
}

// column returns the index of the header cell name.
func (tb compareTable) column(t *testing.T, name string) int {
	t.Helper()
	i := slices.Index(tb.header, name)
	require.GreaterOrEqual(t, i, 0, "no column %s in %v", name, tb.header)
	return i
}

// recordSchema is the JSON schema of compare's records: every field and
// its type, no more, no fewer.
var recordSchema = map[string]string{
	"kind": "string", "file": "string", "case": "integer", "size": "integer", "backend": "string",
	"status": "string", "answer": "string", "seconds": "number", "nodes": "integer",
	"conflicts": "integer", "decisions": "integer", "vars": "integer", "clauses": "integer",
	"solves": "integer", "result": "string", "agreement": "string", "winner": "boolean", "error": "string",
	"cuts": "object",
}

// recordEnums are the values the enumerated fields may take.
var recordEnums = map[string][]string{
	"status":    {"solved", "no_solution", "timeout", "too_large", "wrong_answer", "error"},
	"result":    {"solved", "no_solution", "differ", "unknown"},
	"agreement": {"agree", "differ", "n/a"},
	"backend":   {"dfs", "sat"},
}

// checkRecords checks the JSON file at path against the schema and
// returns its records.
func checkRecords(t *testing.T, path string) []map[string]any {
	t.Helper()
	var recs []map[string]any
	d := json.NewDecoder(strings.NewReader(readFile(t, path)))
	d.UseNumber()
	require.NoError(t, d.Decode(&recs))
	for i, r := range recs {
		require.Len(t, r, len(recordSchema), "record %d: %v", i, r)
		for k, typ := range recordSchema {
			v, ok := r[k]
			require.True(t, ok, "record %d has no %q", i, k)
			switch typ {
			case "string":
				require.IsType(t, "", v, "record %d: %s", i, k)
			case "boolean":
				require.IsType(t, true, v, "record %d: %s", i, k)
			case "object":
				m, ok := v.(map[string]any)
				require.True(t, ok, "record %d: %s is %T", i, k, v)
				for name, n := range m {
					_, err := n.(json.Number).Int64()
					require.NoError(t, err, "record %d: %s %s", i, k, name)
				}
			case "integer", "number":
				n, ok := v.(json.Number)
				require.True(t, ok, "record %d: %s is %T", i, k, v)
				if typ == "integer" {
					_, err := n.Int64()
					require.NoError(t, err, "record %d: %s", i, k)
				} else {
					f, err := n.Float64()
					require.NoError(t, err)
					require.GreaterOrEqual(t, f, 0.0)
				}
			}
		}
		for k, values := range recordEnums {
			require.Contains(t, values, r[k], "record %d: %s", i, k)
		}
	}
	return recs
}

// svgPoints reads an SVG, failing unless it is well-formed XML, and
// counts its filled circles (the scatter's glyphs) by fill colour.
func svgPoints(t *testing.T, path string) map[string]int {
	t.Helper()
	n := map[string]int{}
	d := xml.NewDecoder(strings.NewReader(readFile(t, path)))
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return n
		}
		require.NoError(t, err)
		el, ok := tok.(xml.StartElement)
		if !ok || el.Name.Local != "path" {
			continue
		}
		attr := map[string]string{}
		for _, a := range el.Attr {
			attr[a.Name.Local] = a.Value
		}
		if fill, ok := strings.CutPrefix(attr["style"], "fill:#"); ok && strings.Contains(attr["d"], "A") {
			n[strings.ToLower(fill)]++
		}
	}
}

// colour returns backend b's colour as the SVG writes it.
func colour(b int) string {
	c := compare.Colour(b)
	return fmt.Sprintf("%02x%02x%02x", c.R, c.G, c.B)
}

func TestCompareSamples(t *testing.T) {
	panels := 0
	for _, tc := range compareSamples() {
		t.Run(fmt.Sprint(tc.kind, len(tc.files)), func(t *testing.T) {
			dir := t.TempDir()
			js, svg := filepath.Join(dir, "runs.json"), filepath.Join(dir, "times.svg")
			args := []string{"compare", tc.kind, "--json", js, "--plot", svg}
			for _, f := range tc.files {
				args = append(args, judgedata.Path(t, f...))
			}
			out, errs, code := cli(t, "", args...)
			require.Equal(t, exitOK, code, errs)
			require.Empty(t, errs)

			tb := parseCompareTable(t, out)
			want := []string{"file", "case", "size", "dfs", "dfs.nodes", "sat", "sat.conflicts", "sat.decisions", "result", "winner"}
			if !tc.sized {
				want = slices.Delete(want, 2, 3)
			}
			require.Equal(t, want, tb.header)
			require.NotEmpty(t, tb.rows)
			for _, row := range tb.rows {
				for _, b := range []string{"dfs", "sat"} {
					_, err := time.ParseDuration(row[tb.column(t, b)])
					require.NoError(t, err, "row %v", row)
				}
				require.Equal(t, "solved", row[tb.column(t, "result")])
				require.Contains(t, []string{"dfs", "sat"}, row[tb.column(t, "winner")])
			}
			require.Equal(t, []string{"backend", "solved", "median", "p90", "worst", "wins"}, tb.summary[0])
			n := fmt.Sprintf("%d/%d", len(tb.rows), len(tb.rows))
			require.Equal(t, n, tb.summary[1][1])
			require.Equal(t, n, tb.summary[2][1])

			recs := checkRecords(t, js)
			require.Len(t, recs, 2*len(tb.rows))
			sizes := map[string]bool{}
			for i, r := range recs {
				row := tb.rows[i/2]
				require.Equal(t, []string{"dfs", "sat"}[i%2], r["backend"])
				require.Equal(t, tc.kind, r["kind"])
				require.Equal(t, row[0], r["file"])
				require.Equal(t, row[1], r["case"].(json.Number).String())
				require.Equal(t, "solved", r["status"])
				require.NotEmpty(t, r["answer"])
				require.Equal(t, "agree", r["agreement"])
				sizes[r["size"].(json.Number).String()] = true
			}

			// One point per instance both settled in the scatter, in sat's
			// colour, and, when the sizes differ, one per run in each
			// backend's colour in the size panel; one legend glyph each.
			points := map[string]int{colour(1): len(tb.rows) + 1}
			if tc.sized && len(sizes) > 1 {
				points[colour(0)] = len(tb.rows) + 1
				points[colour(1)] += len(tb.rows) + 1
				panels++
			}
			require.Equal(t, points, svgPoints(t, svg))
		})
	}
	require.Positive(t, panels, "a plot with its size panel")
}

// TestCompareRecordsFailures: a backend that reaches --timeout, or whose
// formula exceeds --budget, is recorded as such; the other backend goes
// on, and the exit status is 1, as for solve.
func TestCompareRecordsFailures(t *testing.T) {
	tests := []struct {
		name, status string
		args         []string
		errs         string
	}{
		// cake5: the dfs settles it far inside the limit, the sat backend far outside.
		{"timeout", "timeout", []string{"cake", "--timeout=20ms", judgedata.Path(t, "cake", "cake5.in")}, ""},
		{"too large", "too_large", []string{"alphametic", "--budget=100", judgedata.Path(t, "alphametic", "sample.in")}, "raise --budget"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			js, svg := filepath.Join(dir, "runs.json"), filepath.Join(dir, "times.svg")
			out, errs, code := cli(t, "", append([]string{"compare", tc.args[0], "--json", js, "--plot", svg}, tc.args[1:]...)...)
			require.Equal(t, exitFailed, code, errs)
			if tc.errs == "" {
				require.Empty(t, errs)
			}
			require.Contains(t, errs, tc.errs)
			tb := parseCompareTable(t, out)
			require.Len(t, tb.rows, 1)
			row := tb.rows[0]
			require.Equal(t, tc.status, row[tb.column(t, "sat")])
			require.Equal(t, "solved", row[tb.column(t, "result")])
			require.Equal(t, "dfs", row[tb.column(t, "winner")])
			require.Equal(t, []string{"sat", "0/1", "-", "-", "-", "0"}, tb.summary[2])

			recs := checkRecords(t, js)
			require.Len(t, recs, 2)
			require.Equal(t, "solved", recs[0]["status"])
			require.Equal(t, tc.status, recs[1]["status"])
			require.Equal(t, "n/a", recs[1]["agreement"])
			require.Empty(t, svgPoints(t, svg), "no instance was settled by both")
			if tc.status == "timeout" {
				secs, err := recs[1]["seconds"].(json.Number).Float64()
				require.NoError(t, err)
				require.Positive(t, secs)
				require.Contains(t, readFile(t, svg), "stroke:#555555", "the timeout is drawn as a cross")
			}
		})
	}
}

func TestCompareUsage(t *testing.T) {
	sample := judgedata.Path(t, "alphametic", "sample.in")
	digits := judgedata.Path(t, "digit-puzzle", "sample.in")
	runUsageTests(t, []usageTest{
		{"no kind", []string{"compare"}, exitUsage, "usage: puzzlesat compare KIND [flags] FILE..."},
		{"unknown backend", []string{"compare", "alphametic", "--backends=dfs,quantum", sample}, exitUsage, `unknown backend "quantum"`},
		{"backend twice", []string{"compare", "alphametic", "--backends=sat,sat", sample}, exitUsage, "sat named twice"},
		{"unknown solver", []string{"compare", "alphametic", "--backends=dfs,sat/lingeling", sample}, exitUsage, `unknown SAT solver "lingeling"`},
		{"plot format", []string{"compare", "alphametic", "--plot", "x.pdf", sample}, exitUsage, ".svg or .png"},
		{"nothing to plot", []string{"compare", "digit-puzzle", "--backends=dfs", "--plot", filepath.Join(t.TempDir(), "x.svg"), digits}, exitUsage, "nothing to draw"},
		{"missing file", []string{"compare", "alphametic", sample, "/nonexistent/x.in"}, exitUsage, "no such file"},
		{"stdin twice", []string{"compare", "alphametic", "-", "-"}, exitUsage, "only once"},
		{"bad jobs", []string{"compare", "alphametic", "--jobs=0", sample}, exitUsage, "--jobs"},
		{"json path", []string{"compare", "alphametic", "--json", "/nonexistent/dir/x.json", sample}, exitUsage, "no such file"},
		{"help", []string{"compare", "alphametic", "-h"}, exitOK, "one at a time"},
	})
}

// TestCompareBadInput: bad input in any file stops compare before it
// runs anything or creates its files.
func TestCompareBadInput(t *testing.T) {
	dir := t.TempDir()
	js := filepath.Join(dir, "runs.json")
	bad := writeTemp(t, "bad.in", "5\nABCDE\nBCDEA\nABCDZ\n")
	out, errs, code := cli(t, "", "compare", "alphametic", "--json", js, judgedata.Path(t, "alphametic", "sample.in"), bad)
	require.Equal(t, exitUsage, code)
	require.Empty(t, out)
	require.Contains(t, errs, bad+":4:")
	require.NoFileExists(t, js)
}

// TestCompareStdinAndJobs: compare reads stdin as "-", and with --jobs=2
// prints the same rows in the same order.
func TestCompareStdinAndJobs(t *testing.T) {
	in := readFile(t, judgedata.Path(t, "sudoku", "top95.txt"))
	one, errs, code := cli(t, in, "compare", "sudoku", "--backends=dfs")
	require.Equal(t, exitOK, code, errs)
	two, errs, code := cli(t, in, "compare", "sudoku", "--backends=dfs", "--jobs=2", "-")
	require.Equal(t, exitOK, code, errs)
	a, b := parseCompareTable(t, one), parseCompareTable(t, two)
	require.Len(t, a.rows, 95)
	for i := range a.rows {
		require.Equal(t, []string{"<stdin>", fmt.Sprint(i + 1)}, a.rows[i][:2])
		require.Equal(t, a.rows[i][:2], b.rows[i][:2])
		require.Equal(t, a.rows[i][4], b.rows[i][4], "the same search nodes")
	}
}

// TestCompareDisagreement: two valid answers of a puzzle with several
// solutions (the empty grid: the search fills it in order, the solver
// finds another) differ: the row says so, stderr shows both, exit 1.
func TestCompareDisagreement(t *testing.T) {
	in := writeTemp(t, "empty.txt", strings.Repeat(".", 81)+"\n")
	out, errs, code := cli(t, "", "compare", "sudoku", in)
	require.Equal(t, exitFailed, code)
	tb := parseCompareTable(t, out)
	require.Equal(t, "differ", tb.rows[0][tb.column(t, "result")])
	require.Regexp(t, `the backends differ\n-- dfs:\n[1-9]{81}\n-- sat:\n[1-9]{81}\n$`, errs)
}

// TestProgressSilentOffTerminal: the bar is made only for a terminal, so
// that with stderr a file or a pipe the output is byte for byte what it
// was, and stderr holds nothing.
func TestProgressSilentOffTerminal(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	require.NoError(t, err)
	defer f.Close()
	require.Nil(t, newProgress(f, known(1000)).w)
	require.Nil(t, newProgress(&bytes.Buffer{}, known(1000)).w)

	in := judgedata.Path(t, "sudoku", "poj3074_tedukuri.in")
	var out bytes.Buffer
	code := run(t.Context(), []string{"solve", "sudoku", "--jobs=2", in}, strings.NewReader(""), &out, f)
	require.Equal(t, exitOK, code)
	require.Equal(t, readFile(t, judgedata.Path(t, "sudoku", "poj3074_tedukuri.out")), out.String())
	out.Reset()
	code = run(t.Context(), []string{"compare", "sudoku", "--backends=dfs", in}, strings.NewReader(""), &out, f)
	require.Equal(t, exitOK, code)
	require.Len(t, parseCompareTable(t, out.String()).rows, 91)
	st, err := f.Stat()
	require.NoError(t, err)
	require.Zero(t, st.Size(), "nothing on stderr: %q", readFile(t, f.Name()))
}

// TestCtrlCStopsCompare sends a real SIGINT to a comparison whose input
// never ends (the test keeps its pipe open): it stops with the rows
// finished and their summary, says interrupted and exits 130, and leaves
// the JSON file the user had as it was (issue 40 item 5): a run that did
// not end writes no file. Held out: --ablate with --markdown.
func TestCtrlCStopsCompare(t *testing.T) {
	top95 := judgedata.Read(t, judgedata.Path(t, "sudoku", "top95.txt"))
	for _, extra := range [][]string{nil, {"--ablate", "--markdown"}} {
		t.Run(strings.Join(append([]string{"compare"}, extra...), " "), func(t *testing.T) {
			dir := t.TempDir()
			js := filepath.Join(dir, "runs.json")
			require.NoError(t, os.WriteFile(js, []byte("the user's\n"), 0o644))
			args := []string{"compare", "sudoku", "--json", js}
			if extra != nil {
				md := filepath.Join(dir, "x.md")
				require.NoError(t, os.WriteFile(md, []byte("the user's too\n"), 0o644))
				args = append(args, extra[0], extra[1], md, "--backends=dfs", "--repeats=1")
			}
			f := startFed(t, "stdin", args...)
			f.write(strings.Repeat(top95, 5))
			head := f.lines(2) // the header and the first row
			require.NoError(t, f.cmd.Process.Signal(os.Interrupt))
			rest, code := f.wait()
			require.Equal(t, exitInterrupted, code, f.errs.String())
			require.Equal(t, "puzzlesat: interrupted\n", f.errs.String())
			require.Equal(t, "the user's\n", readFile(t, js))
			if extra != nil {
				require.Equal(t, "the user's too\n", readFile(t, filepath.Join(dir, "x.md")))
				require.Equal(t, []string{"runs.json", "x.md"}, dirNames(t, dir), "no temporary file left")
				return
			}
			require.Equal(t, []string{"runs.json"}, dirNames(t, dir), "no temporary file left")
			tb := parseCompareTable(t, head+rest)
			require.NotEmpty(t, tb.rows)
			done := fmt.Sprintf("%d/%d", len(tb.rows), len(tb.rows))
			require.Equal(t, done, tb.summary[1][1])
		})
	}
}

// TestCompareExternalSolver runs an external solver as a backend of its
// own beside gini: both answer every sample the same.
func TestCompareExternalSolver(t *testing.T) {
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("cadical is not on PATH")
	}
	sample := judgedata.Path(t, "alphametic", "sample.in")
	out, errs, code := cli(t, "", "compare", "alphametic", "--backends=sat,sat/cadical", sample)
	require.Equal(t, exitOK, code, errs)
	require.Regexp(t, `(?m)^sat/cadical\s+1/1\s`, out)
	require.Contains(t, out, "solved")
}
