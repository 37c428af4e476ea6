package compare

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"image/color"
	"image/png"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// run makes a run of backend b.
func run(b string, s Status, answer string, d time.Duration) Run {
	return Run{Backend: b, Status: s, Answer: answer, Time: d}
}

var verdictTests = []struct {
	name      string
	runs      []Run
	result    Result
	agreement string
	winner    int
}{
	{"both agree, sat faster", []Run{run("dfs", Solved, "1 2", 3*time.Millisecond), run("sat", Solved, "1 2", time.Millisecond)}, Found, "agree", 1},
	{"tie goes to the first", []Run{run("dfs", Solved, "1 2", time.Millisecond), run("sat", Solved, "1 2", time.Millisecond)}, Found, "agree", 0},
	{"both prove none", []Run{run("dfs", NoSolution, "", time.Millisecond), run("sat", NoSolution, "", 2*time.Millisecond)}, None, "agree", 0},
	{"answers differ", []Run{run("dfs", Solved, "1 2", time.Millisecond), run("sat", Solved, "2 1", time.Millisecond)}, Disagree, "differ", 0},
	{"answer against none", []Run{run("dfs", Solved, "1 2", 5*time.Millisecond), run("sat", NoSolution, "", time.Millisecond)}, Disagree, "differ", 1},
	{"one timed out", []Run{run("dfs", Timeout, "", time.Second), run("sat", Solved, "1 2", 2*time.Second)}, Found, "n/a", 1},
	{"nothing settled", []Run{run("dfs", Timeout, "", time.Second), run("sat", TooLarge, "", time.Millisecond)}, Unresolved, "n/a", -1},
	{"a wrong answer is not definite", []Run{run("dfs", Wrong, "9", time.Microsecond), run("sat", Solved, "1 2", time.Second)}, Found, "n/a", 1},
}

func TestVerdicts(t *testing.T) {
	for _, tc := range verdictTests {
		t.Run(tc.name, func(t *testing.T) {
			in := Instance{File: "f", Case: 1, Runs: tc.runs}
			require.Equal(t, tc.result, in.Result())
			require.Equal(t, tc.agreement, in.Agreement())
			require.Equal(t, tc.winner, in.Winner())
		})
	}
}

func TestSummarise(t *testing.T) {
	var ins []Instance
	// dfs: 1..10 ms; sat: 10 ms each but the last two time out.
	for i := 1; i <= 10; i++ {
		s := Solved
		if i > 8 {
			s = Timeout
		}
		ins = append(ins, Instance{Case: i, Runs: []Run{
			run("dfs", Solved, "a", time.Duration(i)*time.Millisecond),
			run("sat", s, "a", 10*time.Millisecond),
		}})
	}
	got := Summarise([]string{"dfs", "sat"}, ins)
	require.Equal(t, []Summary{
		{Backend: "dfs", Solved: 10, Total: 10, Median: 5 * time.Millisecond, P90: 9 * time.Millisecond, Worst: 10 * time.Millisecond, Wins: 10},
		{Backend: "sat", Solved: 8, Total: 10, Median: 10 * time.Millisecond, P90: Unbounded, Worst: Unbounded, Wins: 0},
	}, got)
	require.Equal(t, []Summary{{Backend: "dfs", Median: Unbounded, P90: Unbounded, Worst: Unbounded}}, Summarise([]string{"dfs"}, nil))
}

func TestShort(t *testing.T) {
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{
		{0, "0s"},
		{999, "999ns"},
		{1234, "1.23µs"},
		{45678 * time.Microsecond, "45.7ms"},
		{83456 * time.Millisecond, "1m23.5s"},
		{12 * time.Second, "12s"},
	} {
		require.Equal(t, tc.want, Short(tc.d), "Short(%d)", tc.d)
		_, err := time.ParseDuration(tc.want)
		require.NoError(t, err)
	}
}

// sample is a set of instances with every kind of outcome, over three
// sizes.
func sample() []Instance {
	var ins []Instance
	for i := range 12 {
		dfs := run("dfs", Solved, "x", time.Duration(i+1)*50*time.Microsecond)
		dfs.Nodes = int64(100 * i)
		sat := run("sat", Solved, "x", time.Duration(12-i)*time.Millisecond)
		sat.Conflicts, sat.Decisions = int64(i), int64(10*i)
		switch i {
		case 3:
			sat.Status, sat.Answer = Timeout, ""
		case 5:
			sat.Status, sat.Answer, sat.Err = Failed, "", "boom"
		case 7:
			dfs.Status, sat.Status, dfs.Answer, sat.Answer = NoSolution, NoSolution, "", ""
		}
		ins = append(ins, Instance{File: "some/file.in", Case: i + 1, Size: 8 + i%3, Runs: []Run{dfs, sat}})
	}
	return ins
}

func TestTableParses(t *testing.T) {
	ins := sample()
	tb := NewTable([]string{"dfs", "sat"}, []string{"some/file.in"}, true)
	header := strings.Fields(tb.Header())
	require.Equal(t, []string{"file", "case", "size", "dfs", "dfs.nodes", "sat", "sat.conflicts", "sat.decisions", "result", "winner"}, header)
	for _, in := range ins {
		row := strings.Fields(tb.Row(&in))
		require.Len(t, row, len(header))
		for _, col := range []int{3, 5} {
			r := in.Runs[(col-3)/2]
			if r.Status.Definite() {
				d, err := time.ParseDuration(row[col])
				require.NoError(t, err)
				require.InDelta(t, r.Time, d, float64(r.Time)/100)
			} else {
				require.Equal(t, string(r.Status), row[col])
			}
		}
		require.Equal(t, string(in.Result()), row[8])
	}
	lines := strings.Split(strings.TrimSuffix(tb.Summary(Summarise([]string{"dfs", "sat"}, ins)), "\n"), "\n")
	require.Equal(t, []string{"backend", "solved", "median", "p90", "worst", "wins"}, strings.Fields(lines[0]))
	require.Equal(t, []string{"dfs", "12/12", "300µs", "550µs", "600µs", "12"}, strings.Fields(lines[1]))
	require.Equal(t, []string{"sat", "10/12", "6ms", "-", "-", "0"}, strings.Fields(lines[2]))
}

func TestWriteJSON(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, WriteJSON(&b, "alphametic", sample()))
	var recs []map[string]any
	require.NoError(t, json.Unmarshal(b.Bytes(), &recs))
	require.Len(t, recs, 24)
	require.Len(t, strings.Split(strings.TrimSpace(b.String()), "\n"), 26, "one record per line between the brackets")
	require.Equal(t, map[string]any{
		"kind": "alphametic", "file": "some/file.in", "case": 4.0, "size": 8.0, "backend": "sat",
		"status": "timeout", "answer": "", "seconds": 0.009, "nodes": 0.0, "conflicts": 3.0, "decisions": 30.0,
		"vars": 0.0, "clauses": 0.0, "solves": 0.0, "result": "solved", "agreement": "n/a", "winner": false, "error": "",
		"cuts": map[string]any{},
	}, recs[7])
	require.Equal(t, "boom", recs[11]["error"])
	require.Equal(t, "no_solution", recs[15]["result"])
}

// circles counts the filled circles of an SVG by fill colour, failing
// the test if the SVG is not well-formed XML.
func circles(t *testing.T, svg []byte) map[string]int {
	t.Helper()
	n := map[string]int{}
	d := xml.NewDecoder(bytes.NewReader(svg))
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
		var path, style string
		for _, a := range el.Attr {
			switch a.Name.Local {
			case "d":
				path = a.Value
			case "style":
				style = a.Value
			}
		}
		if fill, ok := strings.CutPrefix(style, "fill:#"); ok && strings.Contains(path, "A") {
			n[strings.ToLower(fill)]++
		}
	}
}

// hex returns the colour of backend b as the SVG writes it.
func hex(b int) string {
	c := Colour(b)
	return fmt.Sprintf("%02x%02x%02x", c.R, c.G, c.B)
}

func TestPlotSVG(t *testing.T) {
	ins := sample()
	var b bytes.Buffer
	require.NoError(t, Plot(&b, SVG, Chart{Kind: "alphametic", SizeName: "letters N", Backends: []string{"dfs", "sat"}, Instances: ins}))
	both, dfs, sat := 0, 0, 0
	for _, in := range ins {
		d, s := in.Runs[0].Status.Definite(), in.Runs[1].Status.Definite()
		both, dfs, sat = both+btoi(d && s), dfs+btoi(d), sat+btoi(s)
	}
	require.Equal(t, map[string]int{
		hex(0): dfs + 1,        // the size panel, and the legend
		hex(1): both + sat + 2, // the scatter and the size panel, and a legend for each
	}, circles(t, b.Bytes()))
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestPlotPanels(t *testing.T) {
	ins := sample()
	oneSize := sample()
	for i := range oneSize {
		oneSize[i].Size = 3
	}
	tests := []struct {
		name     string
		chart    Chart
		err      error
		circles  int // filled circles, legends included
		hasCross bool
	}{
		{"no size: scatter alone", Chart{Kind: "queens", Backends: []string{"dfs", "sat"}, Instances: ins}, nil, 10 + 1, true},
		{"one size and two backends: scatter alone", Chart{Kind: "sudoku", SizeName: "box", Backends: []string{"dfs", "sat"}, Instances: oneSize}, nil, 10 + 1, true},
		{"one backend: size panel alone", Chart{Kind: "sudoku", SizeName: "box", Backends: []string{"dfs"}, Instances: oneSize}, nil, 12 + 1, false},
		{"one backend, no size", Chart{Kind: "queens", Backends: []string{"dfs"}, Instances: ins}, ErrNothingToPlot, 0, false},
		{"no instance", Chart{Kind: "alphametic", SizeName: "letters N", Backends: []string{"dfs", "sat"}}, nil, 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			err := Plot(&b, SVG, tc.chart)
			require.ErrorIs(t, err, tc.err)
			if err != nil {
				return
			}
			total := 0
			for _, n := range circles(t, b.Bytes()) {
				total += n
			}
			require.Equal(t, tc.circles, total)
			require.Equal(t, tc.hasCross, strings.Contains(b.String(), "stroke:#555555"))
		})
	}
}

// TestThin: labels that would touch are thinned to every k-th, the
// others kept as unlabelled ticks.
func TestThin(t *testing.T) {
	ts := []tick{{0, "a"}, {5, ""}, {10, "b"}, {20, "c"}, {30, "d"}, {40, "e"}}
	pos := func(v float64) float64 { return v }
	room := func(w float64) func(string) float64 { return func(string) float64 { return w } }
	labels := func(ts []tick) (ls []string) {
		for _, t := range ts {
			ls = append(ls, t.label)
		}
		return ls
	}
	require.Equal(t, ts, thin(ts, pos, room(5)), "room enough")
	require.Equal(t, []string{"a", "", "", "c", "", "e"}, labels(thin(ts, pos, room(12))))
	require.Equal(t, []string{"a", "", "", "", "", ""}, labels(thin(ts, pos, room(100))))
	require.Len(t, thin(ts, pos, room(100)), len(ts), "every tick stays")
}

// TestPlotEscapes: names are text in the SVG, not markup.
func TestPlotEscapes(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, Plot(&b, SVG, Chart{Kind: `a<b & "c"`, Backends: []string{"dfs", "sat"}, Instances: sample()}))
	circles(t, b.Bytes()) // well-formed
	require.Contains(t, b.String(), `>a&lt;b &amp; "c": time per instance</text>`)
}

func TestPlotNothingSettled(t *testing.T) {
	ins := sample()
	for i := range ins {
		for j := range ins[i].Runs {
			ins[i].Runs[j].Status = TooLarge
		}
	}
	for _, backends := range [][]string{{"dfs", "sat"}, {"dfs"}} {
		var b bytes.Buffer
		require.NoError(t, Plot(&b, SVG, Chart{Kind: "alphametic", SizeName: "letters N", Backends: backends, Instances: ins}))
		require.Empty(t, circles(t, b.Bytes()))
	}
}

func TestPlotPNG(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, Plot(&b, PNG, Chart{Kind: "sudoku", SizeName: "box side", Backends: []string{"dfs", "sat"}, Instances: sample()}))
	img, err := png.Decode(&b)
	require.NoError(t, err)
	require.InDelta(t, 2*panelSide*pngDPI/72, img.Bounds().Dx(), 1)
	require.InDelta(t, panelSide*pngDPI/72, img.Bounds().Dy(), 1)
	// The points are painted in their backends' colours, and the texts
	// in black.
	seen := map[color.RGBA]bool{}
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			seen[color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)] = true
		}
	}
	for _, c := range []color.RGBA{Colour(0), Colour(1), {0, 0, 0, 0xff}} {
		require.True(t, seen[c], "no pixel of %v", c)
	}
	require.Error(t, Plot(io.Discard, Format("pdf"), Chart{Backends: []string{"dfs", "sat"}}))
}

// fills counts the filled paths of an SVG by fill colour, arcs (the
// points) apart from polygons (bars, triangles), failing the test if the
// SVG is not well-formed XML.
func fills(t *testing.T, svg []byte) (arcs, polygons map[string]int) {
	t.Helper()
	arcs, polygons = map[string]int{}, map[string]int{}
	d := xml.NewDecoder(bytes.NewReader(svg))
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return arcs, polygons
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
		if fill, ok := strings.CutPrefix(attr["style"], "fill:#"); ok {
			if strings.Contains(attr["d"], "A") {
				arcs[fill]++
			} else {
				polygons[fill]++
			}
		}
	}
}

// ablationSummaries are two backends' defaults, four switched
// configurations of which one timed out somewhere, and one whose ratio
// is undefined.
var ablationSummaries = []AblationSummary{
	{Config: Config{Name: "dfs", Base: 0, Category: "default"}, Time: Ratio{Value: 1, Defined: true}},
	{Config: Config{Name: "dfs -memo", Base: 0, Category: "memo"}, Time: Ratio{Value: 13.5, Bounded: true, Defined: true}},
	{Config: Config{Name: "dfs -equal-skip", Base: 0, Category: "redundancy"}, Time: Ratio{Value: 0.4, Defined: true},
		WorstTime: Ratio{Value: 3, Defined: true}, Work: Ratio{Value: 2, Defined: true}},
	{Config: Config{Name: "dfs -lookahead", Base: 0, Category: "feasibility"}, Time: Ratio{Value: 1.9, Defined: true}},
	{Config: Config{Name: "sat", Base: 4, Category: "default"}, Time: Ratio{Value: 1, Defined: true}},
	{Config: Config{Name: "sat amo=pairwise", Base: 4, Category: "encoding"}, Time: Ratio{Value: 1.2, Defined: true}},
	{Config: Config{Name: "sat card=totalizer", Base: 4, Category: "encoding"}},
}

func TestPlotAblation(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, PlotAblation(&b, SVG, "sudoku", ablationSummaries))
	arcs, polygons := fills(t, b.Bytes())
	require.Equal(t, map[string]int{"000000": 2}, arcs) // the work's dot, on the plot and in the legend
	require.Equal(t, map[string]int{
		"cc79a7": 2, // memo's bar, and its square in the legend
		"56b4e9": 2, // redundancy's
		"009e73": 2, // feasibility's
		"888888": 2, // the encoding's
		"555555": 2, // a triangle on the one that timed out, and in the legend
	}, polygons)
	for _, name := range []string{"dfs -memo", "dfs -equal-skip", "dfs -lookahead", "sat amo=pairwise", "16x", "1/4x",
		"bar: time, memo", "a lower bound: some instance timed out"} {
		require.Contains(t, b.String(), ">"+name+"</text>")
	}
	require.NotContains(t, b.String(), "totalizer")

	b.Reset()
	require.NoError(t, PlotAblation(&b, PNG, "sudoku", ablationSummaries))
	img, err := png.Decode(&b)
	require.NoError(t, err)
	require.Greater(t, float64(img.Bounds().Dy()), panelSide*pngDPI/72)
	require.GreaterOrEqual(t, float64(img.Bounds().Dx()), panelSide*pngDPI/72-1)

	require.ErrorIs(t, PlotAblation(io.Discard, SVG, "sudoku", ablationSummaries[:1]), ErrNothingToPlot)
	require.Error(t, PlotAblation(io.Discard, Format("pdf"), "sudoku", ablationSummaries))
}

// BenchmarkPlot draws 10,000 instances of two backends over 19 sizes, as
// a large comparison would.
func BenchmarkPlot(b *testing.B) {
	var ins []Instance
	for i := range 10000 {
		d := time.Duration(1+i%997) * time.Microsecond
		ins = append(ins, Instance{Case: i + 1, Size: 8 + i%19, Runs: []Run{
			run("dfs", Solved, "x", d), run("sat", Solved, "x", 3*d+time.Duration(i%13)*time.Millisecond),
		}})
	}
	c := Chart{Kind: "alphametic", SizeName: "letters N", Backends: []string{"dfs", "sat"}, Instances: ins}
	for _, f := range []Format{SVG, PNG} {
		b.Run(string(f), func(b *testing.B) {
			for b.Loop() {
				if err := Plot(io.Discard, f, c); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
