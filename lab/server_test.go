package lab_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/internal/poll"
	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/lab"
	"github.com/puzzlesat/puzzlesat/technique"
)

// client calls a lab Server in process, as the page does.
type client struct {
	t    *testing.T
	h    http.Handler
	host string
}

func newClient(t *testing.T, c lab.Config) *client {
	c.Addr = "127.0.0.1:7070"
	return &client{t: t, h: lab.New(c), host: c.Addr}
}

// do sends a request and returns the status and body.
func (c *client) do(method, path string, body any, header ...string) (int, []byte) {
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		require.NoError(c.t, err)
		r = bytes.NewReader(b)
	}
	req := httptest.NewRequest(method, "http://"+c.host+path, r)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	c.h.ServeHTTP(w, req)
	return w.Code, w.Body.Bytes()
}

// get decodes a successful answer into v.
func (c *client) get(method, path string, body, v any) {
	code, b := c.do(method, path, body)
	require.Equal(c.t, http.StatusOK, code, "%s %s: %s", method, path, b)
	require.NoError(c.t, json.Unmarshal(b, v))
}

type runView struct {
	ID        string `json:"id"`
	State     string `json:"state"`
	Error     string `json:"error"`
	Switches  string `json:"switches"`
	Decisions int64  `json:"decisions"`
	CancelAt  int64  `json:"cancelAt"`
	Answer    *struct {
		Text     string `json:"text"`
		Verified bool   `json:"verified"`
		Picture  struct {
			Type string `json:"type"`
		} `json:"picture"`
	} `json:"answer"`
	Stats *struct {
		Parts []struct {
			Backend string          `json:"backend"`
			Nodes   int64           `json:"nodes"`
			Cuts    []puzzlesat.Cut `json:"cuts"`
			Vars    int             `json:"vars"`
		} `json:"parts"`
	} `json:"stats"`
	Tree *struct {
		Decisions int64 `json:"decisions"`
		Kept      int   `json:"kept"`
		Complete  bool  `json:"complete"`
	} `json:"tree"`
	Ablation []struct {
		Config  string `json:"config"`
		Pruning string `json:"pruning"`
		Nodes   int64  `json:"nodes"`
		Saved   int64  `json:"saved"`
		Cuts    int64  `json:"cuts"`
		Status  string `json:"status"`
	} `json:"ablation"`
}

// run starts a search and waits for its end.
func (c *client) run(req map[string]any) runView {
	var started struct{ ID string }
	c.get("POST", "/api/run", req, &started)
	return c.wait(started.ID)
}

func (c *client) wait(id string) runView {
	for {
		var v runView
		c.get("GET", "/api/runs/"+id+"?wait=1", nil, &v)
		if v.State != "running" && v.State != "queued" {
			return v
		}
	}
}

// solve returns what the library says of case kase of a sample.
func solve(t *testing.T, name, sample string, kase int, dfs string) puzzlesat.Stats {
	k, err := puzzlesat.Lookup(name)
	require.NoError(t, err)
	text, err := k.Sample(sample)
	require.NoError(t, err)
	var st puzzlesat.Stats
	n := 0
	require.NoError(t, k.Scan(sample, bytes.NewReader(text), kind.ScanOptions{}, func(p kind.Instance) error {
		if n++; n == kase {
			_, st, err = k.Solve(context.Background(), p, puzzlesat.Options{Prunings: dfs, CountCuts: true})
			return err
		}
		return nil
	}))
	return st
}

func TestKindsComeFromTheRegistry(t *testing.T) {
	c := newClient(t, lab.Config{})
	var out struct {
		Engine string
		Kinds  []struct {
			Name     string
			Prunings []technique.Pruning
			Samples  []string
			Presets  []struct{ Name, Spec string }
			Gen      []kind.Param
		}
		Categories []struct{ Name string }
	}
	c.get("GET", "/api/kinds", nil, &out)
	require.Equal(t, "server", out.Engine)
	require.Len(t, out.Kinds, len(puzzlesat.Kinds()))
	require.Len(t, out.Categories, len(technique.Categories()))
	for i, k := range puzzlesat.Kinds() {
		got := out.Kinds[i]
		require.Equal(t, k.Name(), got.Name)
		require.Equal(t, k.Searches()[0].Prunings, got.Prunings)
		require.Equal(t, k.Samples(), got.Samples)
		if g, ok := k.Kind.(kind.Generator); ok {
			require.Equal(t, g.GenParams(), got.Gen)
		}
		var names []string
		for _, p := range got.Presets {
			names = append(names, p.Name)
			_, _, err := k.ParsePrunings(p.Spec)
			require.NoError(t, err, "preset %s of %s", p.Name, k.Name())
		}
		require.Subset(t, names, []string{"defaults", "all", "none"})
	}
}

func TestSwitchesReadThroughTheKind(t *testing.T) {
	c := newClient(t, lab.Config{})
	k, err := puzzlesat.Lookup("sticks")
	require.NoError(t, err)
	var out struct {
		Spec string
		On   []bool
	}
	c.get("POST", "/api/switches", map[string]string{"kind": "sticks", "dfs": "-equal-skip,-index-order"}, &out)
	for i, p := range k.Searches()[0].Prunings {
		off := p.Name == "equal-skip" || p.Name == "index-order" || p.Name == "reachable-sums" // it needs index-order
		require.Equal(t, !off, out.On[i], p.Name)
	}
	code, body := c.do("POST", "/api/switches", map[string]string{"kind": "sticks", "dfs": "-nonesuch"})
	require.Equal(t, http.StatusBadRequest, code)
	require.Contains(t, string(body), "unknown pruning")
}

func TestGuardRefusesForeignHostAndOrigin(t *testing.T) {
	for _, tc := range []struct {
		bound, host, origin string
		ok                  bool
	}{
		{"127.0.0.1:7070", "127.0.0.1:7070", "", true},
		{"127.0.0.1:7070", "localhost:7070", "http://localhost:7070", true},
		{"127.0.0.1:7070", "[::1]:7070", "", true},
		{"127.0.0.1:7070", "evil.example:7070", "", false},                 // DNS rebinding: a name of the attacker's
		{"127.0.0.1:7070", "127.0.0.1:7070", "http://evil.example", false}, // another site's page
		{"127.0.0.1:7070", "127.0.0.1:7071", "", false},
		{"127.0.0.1:7070", "192.168.1.9:7070", "", false},
		{"0.0.0.0:7070", "192.168.1.9:7070", "", true},
		{"0.0.0.0:7070", "evil.example:7070", "", false},
		{"lab.home:7070", "lab.home:7070", "http://lab.home:7070", true},
		{"lab.home:7070", "localhost:7070", "", false},
	} {
		h := lab.New(lab.Config{Addr: tc.bound})
		req := httptest.NewRequest("GET", "/api/kinds", nil)
		req.Host = tc.host
		if tc.origin != "" {
			req.Header.Set("Origin", tc.origin)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if tc.ok {
			require.Equal(t, http.StatusOK, w.Code, "%+v", tc)
		} else {
			require.Equal(t, http.StatusForbidden, w.Code, "%+v", tc)
			require.Contains(t, w.Body.String(), "refused")
		}
	}
}

func TestRunEqualsSolve(t *testing.T) {
	c := newClient(t, lab.Config{})
	for _, dfs := range []string{"", "-equal-skip", "-longest-first"} {
		for kase := 1; kase <= 2; kase++ {
			v := c.run(map[string]any{"page": "p1", "kind": "sticks", "sample": "sample.in", "case": kase, "dfs": dfs})
			require.Equal(t, "done", v.State, v.Error)
			require.True(t, v.Answer.Verified)
			require.Equal(t, "bars", v.Answer.Picture.Type)
			want := solve(t, "sticks", "sample.in", kase, dfs)
			require.Equal(t, want.Nodes, v.Stats.Parts[0].Nodes)
			require.Equal(t, want.Cuts, v.Stats.Parts[0].Cuts)
			require.True(t, v.Tree.Complete)
		}
	}
	// Every kind runs its sample, on both backends.
	for _, k := range puzzlesat.Kinds() {
		v := c.run(map[string]any{"page": "p1", "kind": k.Name(), "sample": "sample.in", "backend": "both"})
		require.Equal(t, "done", v.State, "%s: %s", k.Name(), v.Error)
		require.Len(t, v.Stats.Parts, 2)
		require.Positive(t, v.Stats.Parts[1].Vars)
		require.NotEqual(t, "text", v.Answer.Picture.Type, "%s is drawn as its puzzle", k.Name())
	}
}

func TestBadInputReadsAsTheCommandSaysIt(t *testing.T) {
	c := newClient(t, lab.Config{})
	for _, tc := range []struct {
		req  map[string]any
		code int
		msg  string
	}{
		{map[string]any{"input": "3\n1 2 x\n0\n", "name": "/home/me/blocks.in"}, 400, "blocks.in:2:"},
		{map[string]any{"input": "2\n1 2\n0\n", "case": 2}, 400, "holds 1 instances; there is no case 2"},
		{map[string]any{"input": strings.Repeat("1 ", lab.MaxInput/2+1)}, 413, "larger than 1024 KB"},
		{map[string]any{"sample": "../../go.mod"}, 400, "no sample"},
		{map[string]any{"sample": "sample.in", "dfs": "-nonesuch"}, 400, "unknown pruning"},
		{map[string]any{"sample": "sample.in", "backend": "quantum"}, 400, "unknown backend"},
		{map[string]any{"sample": "sample.in", "page": "../x"}, 400, "bad page id"},
	} {
		req := map[string]any{"page": "p1", "kind": "sticks"}
		for k, v := range tc.req {
			req[k] = v
		}
		code, body := c.do("POST", "/api/run", req)
		require.Equal(t, tc.code, code, "%s", body)
		require.Contains(t, string(body), tc.msg)
	}
	code, body := c.do("POST", "/api/run", strings.Repeat("x", lab.MaxInput+128<<10))
	require.Equal(t, http.StatusRequestEntityTooLarge, code, "%s", body)
	code, _ = c.do("GET", "/api/sample?kind=sticks&name=..%2F..%2Fgo.mod", nil)
	require.Equal(t, http.StatusNotFound, code)
}

func TestGenIsTheCommandsGen(t *testing.T) {
	c := newClient(t, lab.Config{})
	k, err := puzzlesat.Lookup("sudoku")
	require.NoError(t, err)
	var out struct{ Text string }
	c.get("POST", "/api/gen", map[string]any{"kind": "sudoku", "seed": 7}, &out)
	p, err := k.Generate(rand.New(rand.NewPCG(7, 7^0x9e3779b97f4a7c15)), nil)
	require.NoError(t, err)
	require.Equal(t, p.String()+k.Kind.(kind.Generator).GenTrailer(), out.Text)
	v := c.run(map[string]any{"page": "p1", "kind": "sudoku", "gen": map[string]any{"seed": 7}})
	require.Equal(t, "done", v.State, v.Error)
}

// longRun starts a search of hard_454 without equal-skip, which takes
// minutes, and waits until it has made n decisions.
func longRun(c *client, page string, n int64) string {
	var started struct{ ID string }
	c.get("POST", "/api/run", map[string]any{"page": page, "kind": "sticks", "sample": "hard_454.in", "dfs": "-equal-skip,-memo"}, &started)
	for {
		var v runView
		c.get("GET", "/api/runs/"+started.ID, nil, &v)
		require.Contains(c.t, []string{"queued", "running"}, v.State, v.Error)
		if v.Decisions >= n {
			return started.ID
		}
	}
}

// TestStopEndsTheSearchWithinAPoll stops a long search and counts the
// decisions it made after the cancel: the search looks at its context
// every poll.Every steps, so they are a few thousand at most, which
// take a traced search about a millisecond (docs/lab.md).
func TestStopEndsTheSearchWithinAPoll(t *testing.T) {
	c := newClient(t, lab.Config{Jobs: 2})
	id := longRun(c, "p1", 20000)
	// One search per page: the page must stop it first.
	code, body := c.do("POST", "/api/run", map[string]any{"page": "p1", "kind": "sticks", "sample": "sample.in"})
	require.Equal(t, http.StatusConflict, code)
	require.Contains(t, string(body), "stop it first")
	var out struct {
		Stopped   bool
		CancelAt  int64
		Decisions int64
		State     string
	}
	c.get("POST", "/api/stop", map[string]string{"page": "p1"}, &out)
	require.True(t, out.Stopped)
	require.Equal(t, "stopped", out.State)
	require.GreaterOrEqual(t, out.CancelAt, int64(20000))
	require.LessOrEqual(t, out.Decisions-out.CancelAt, int64(4*poll.Every), "decisions after the cancel")
	v := c.wait(id)
	require.Equal(t, "stopped", v.State)
	// The page may run again.
	v = c.run(map[string]any{"page": "p1", "kind": "sticks", "sample": "sample.in"})
	require.Equal(t, "done", v.State)
}

// TestFocusFetchesARegionExactly keeps a tree in a small budget and
// fetches the subtree of a node whose part was summed: the re-run's
// subtree sums to what the overview said.
func TestFocusFetchesARegionExactly(t *testing.T) {
	c := newClient(t, lab.Config{Nodes: 40})
	v := c.run(map[string]any{"page": "p1", "kind": "sticks", "sample": "folklore_pkuoj_comment.in", "case": 17})
	require.Equal(t, "done", v.State, v.Error)
	require.False(t, v.Tree.Complete)
	var overview treeJSON
	c.get("GET", "/api/runs/"+v.ID+"/tree", nil, &overview)
	checked := 0
	for _, h := range overview.Nodes.Hidden {
		i := h.Node
		if h.Decisions == 0 || overview.Nodes.Ord[i] < 0 {
			continue
		}
		focus := overview.path(i)
		var part treeJSON
		c.get("GET", "/api/runs/"+v.ID+"/tree?focus="+url.QueryEscape(focus), nil, &part)
		j := part.find(focus)
		require.GreaterOrEqual(t, j, 0, focus)
		require.Equal(t, overview.Nodes.SubDec[i], part.Nodes.SubDec[j], focus)
		require.Equal(t, overview.Nodes.Size[i], part.Nodes.Size[j], focus)
		require.Equal(t, overview.Nodes.Label[i], part.Nodes.Label[j], focus)
		checked++
	}
	require.Positive(t, checked)
	code, _ := c.do("GET", "/api/runs/"+v.ID+"/tree?focus=999999", nil)
	require.Equal(t, http.StatusNotFound, code)
}

type treeJSON struct {
	Decisions int64
	Complete  bool
	Nodes     struct {
		Parent  []int32
		Ord     []int32
		Label   []string
		Pruning []int
		Size    []int64
		SubDec  []int64
		Flags   []int
		Hidden  []struct {
			Node      int32
			Decisions int64
		}
	}
}

// path returns the focus of node i: the ords from the root.
func (t *treeJSON) path(i int32) string {
	var parts []string
	for ; t.Nodes.Parent[i] >= 0; i = t.Nodes.Parent[i] {
		parts = append([]string{fmt.Sprint(t.Nodes.Ord[i])}, parts...)
	}
	return strings.Join(parts, ".")
}

// find returns the node at focus, or -1.
func (t *treeJSON) find(focus string) int {
	for i := range t.Nodes.Parent {
		if t.Nodes.Ord[i] >= 0 && t.path(int32(i)) == focus {
			return i
		}
	}
	return -1
}

func TestCompareMergesTwoRuns(t *testing.T) {
	c := newClient(t, lab.Config{})
	a := c.run(map[string]any{"page": "p1", "kind": "sticks", "sample": "sample.in"})
	b := c.run(map[string]any{"page": "p1", "kind": "sticks", "sample": "sample.in", "dfs": "-equal-skip"})
	var out struct {
		Merged struct {
			A, B  treeJSON
			Nodes struct{ Side []int }
		}
	}
	c.get("GET", "/api/compare?a="+a.ID+"&b="+b.ID, nil, &out)
	sides := map[int]int{}
	for _, s := range out.Merged.Nodes.Side {
		sides[s]++
	}
	require.Positive(t, sides[0])
	require.Positive(t, sides[2], "B searches branches that equal-skip spares A")
	require.Equal(t, len(out.Merged.A.Nodes.Parent), sides[0]+sides[1])
	require.Equal(t, len(out.Merged.B.Nodes.Parent), sides[0]+sides[2])
	other := c.run(map[string]any{"page": "p1", "kind": "sticks", "sample": "sample.in", "case": 2})
	code, _ := c.do("GET", "/api/compare?a="+a.ID+"&b="+other.ID, nil)
	require.Equal(t, http.StatusBadRequest, code)
}

func TestAblationIsTheRunsOfEachCutOff(t *testing.T) {
	c := newClient(t, lab.Config{})
	v := c.run(map[string]any{"page": "p1", "kind": "sticks", "sample": "sample.in", "ablate": true})
	require.Equal(t, "done", v.State, v.Error)
	def := solve(t, "sticks", "sample.in", 1, "")
	require.Equal(t, def.Nodes, v.Ablation[0].Nodes)
	require.Equal(t, "dfs control", v.Ablation[1].Config)
	k, err := puzzlesat.Lookup("sticks")
	require.NoError(t, err)
	require.Len(t, v.Ablation, 2+len(k.Searches()[0].Prunings))
	for i, row := range v.Ablation[2:] {
		require.Equal(t, k.Searches()[0].Prunings[i].Name, row.Pruning)
		off := solve(t, "sticks", "sample.in", 1, "-"+row.Pruning)
		require.Equal(t, off.Nodes, row.Nodes, row.Pruning)
		require.Equal(t, off.Nodes-def.Nodes, row.Saved)
		require.Equal(t, def.Cuts[i].Count, row.Cuts)
		require.Equal(t, "solved", row.Status)
	}
}
