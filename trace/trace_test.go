package trace_test

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

var prunings = []technique.Pruning{
	{Name: "memo", Category: technique.Memo},
	{Name: "bound", Category: technique.Feasibility, Chapter: "3"},
}

// search is a tiny search: a binary tree of depth d whose leaves at an
// even position are cut by "bound" and whose rightmost leaf is the
// answer; "memo" cuts twice at every second decision. sink, when not
// nil, receives its tree.
func search(sink trace.Sink, d int) *trace.Probe[trace.Counted] {
	var p trace.Probe[trace.Counted]
	p.Start(sink)
	var walk func(depth, pos int) bool
	walk = func(depth, pos int) bool {
		if depth == d {
			if pos == 1<<d-1 {
				p.Found()
				return true
			}
			if pos%2 == 0 {
				p.Cut(1)
			}
			return false
		}
		if pos%2 == 1 {
			p.CutN(0, 2)
		}
		for b := range 2 {
			p.Enter(string(rune('a' + b)))
			ok := walk(depth+1, 2*pos+b)
			p.Leave()
			if ok {
				return true
			}
		}
		return false
	}
	walk(0, 0)
	return &p
}

func TestRecorderCountsAsTheProbe(t *testing.T) {
	for _, limit := range []int{1, 5, 1000} {
		rec := trace.NewRecorder(limit, "root")
		p := search(rec, 4)
		tree := rec.Tree(prunings, []bool{true, true}, p.Counts(2))
		require.LessOrEqual(t, len(tree.Nodes), limit)
		require.Equal(t, int64(8), tree.Prunings[1].Run, "the even leaves")
		require.Equal(t, int64(14), tree.Prunings[0].Run, "two at each odd decision")
		if limit == 1000 {
			require.True(t, tree.Complete())
			require.Equal(t, tree.Prunings[0].Run, tree.Prunings[0].Drawn)
			require.Equal(t, tree.Prunings[1].Run, tree.Prunings[1].Drawn)
			path := 0
			for _, n := range tree.Nodes {
				if n.Answer {
					path++
				}
			}
			require.Equal(t, 5, path, "the root and four decisions")
			require.True(t, tree.Answered)
		} else {
			require.False(t, tree.Complete())
		}
	}
}

func TestProbeWithoutRecorder(t *testing.T) {
	p := search(nil, 4)
	require.False(t, p.Tracing())
	require.Equal(t, []int64{14, 8}, p.Counts(2))
}

func TestWriters(t *testing.T) {
	rec := trace.NewRecorder(100, "root <&>")
	p := search(rec, 3)
	tree := rec.Tree(prunings, []bool{true, true}, p.Counts(2))
	tree.Kind, tree.Title, tree.Result = "toy", "a \"quoted\" & <odd> title", "7"
	for name, write := range map[string]func(*trace.Tree, io.Writer) error{
		"svg": (*trace.Tree).WriteSVG, "dot": (*trace.Tree).WriteDOT, "json": (*trace.Tree).WriteJSON,
	} {
		t.Run(name, func(t *testing.T) {
			var a, b bytes.Buffer
			require.NoError(t, write(tree, &a))
			require.NoError(t, write(tree, &b))
			require.Equal(t, a.String(), b.String(), "deterministic")
			switch name {
			case "svg":
				requireXML(t, a.Bytes())
			case "json":
				var v map[string]any
				require.NoError(t, json.Unmarshal(a.Bytes(), &v))
				require.Len(t, v["nodes"], len(tree.Nodes))
			case "dot":
				require.Contains(t, a.String(), "digraph trace {")
			}
		})
	}
}

// requireXML checks that b is well-formed XML.
func requireXML(t *testing.T, b []byte) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(b))
	for {
		_, err := d.Token()
		if err == io.EOF {
			return
		}
		require.NoError(t, err)
	}
}

// TestWhyAndRefs: a cut explained by Why is a leaf of its own with that
// detail, a memo hit points to the decision it names, and a probe's
// counts added to the next one's are drawn once.
func TestWhyAndRefs(t *testing.T) {
	rec := trace.NewRecorder(100, "root")
	var first trace.Probe[trace.Counted]
	first.Start(rec)
	first.Enter("x=1")
	refuted := first.Current()
	first.Cut(1)
	first.Why(1, "3 is odd")
	first.Cut(1) // counted, and drawn without a detail at the next event
	first.Leave()
	var second trace.Probe[trace.Counted]
	second.Start(rec)
	second.Add(&first)
	second.Enter("x=2")
	second.Cut(0)
	second.WhyRef(0, "state seen before", refuted)
	second.Leave()
	tree := rec.Tree(prunings, []bool{true, true}, second.Counts(2))
	require.Equal(t, int64(1), refuted)
	var got []string
	for _, n := range tree.Nodes {
		got = append(got, fmt.Sprintf("%d %s %q x%d ref %d", n.Parent, n.Pruning, n.Label, n.Count, n.Ref))
	}
	require.Equal(t, []string{
		`-1  "root" x0 ref -1`,
		`0  "x=1" x0 ref -1`,
		`1 bound "3 is odd" x1 ref -1`,
		`1 bound "" x1 ref -1`,
		`0  "x=2" x0 ref -1`,
		`4 memo "state seen before" x1 ref 1`,
	}, got)
	require.Equal(t, tree.Prunings[1].Run, tree.Prunings[1].Drawn, "drawn once")
	var b bytes.Buffer
	require.NoError(t, tree.WriteJSON(&b))
	require.Equal(t, 1, strings.Count(b.String(), `"ref": 1`), b.String())
}

// TestLevelsAreNotNodes: a level groups decisions and is no decision
// itself; the tree counts the decisions of the whole run, past its limit
// too, and says which parts it kept are which.
func TestLevelsAreNotNodes(t *testing.T) {
	for _, limit := range []int{3, 100} {
		rec := trace.NewRecorder(limit, "root")
		var p trace.Probe[trace.Counted]
		p.Start(rec)
		for d := range 2 {
			p.Level(fmt.Sprintf("depth %d", d))
			for x := range 3 {
				p.Enter(fmt.Sprintf("x=%d", x))
				p.Cut(1)
				p.Leave()
			}
			p.Leave()
		}
		tree := rec.Tree(prunings, []bool{true, true}, p.Counts(2))
		require.Equal(t, int64(6), tree.Decisions, "limit %d", limit)
		if limit == 100 {
			decisions, levels, leaves := tree.Parts()
			require.Equal(t, []int{6, 2, 6}, []int{decisions, levels, leaves})
			require.True(t, tree.Nodes[1].Level)
			require.False(t, tree.Nodes[1].Decision())
			require.True(t, tree.Nodes[2].Decision())
		}
		var b bytes.Buffer
		require.NoError(t, tree.WriteJSON(&b))
		require.Contains(t, b.String(), `"decisions": 6`)
	}
}
