package compare

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// ablationRun is a DFS run of an ablation: its status, nodes, median time,
// the default's time beside it, and the cuts of pruning "p".
func ablationRun(s Status, nodes int64, t, paired time.Duration, cuts int64) Run {
	r := Run{Status: s, Nodes: nodes, Time: t, Paired: paired}
	if cuts > 0 {
		r.Cuts = []Cut{{Pruning: "p", Count: cuts}}
	}
	return r
}

// TestAblationSummarise pins the summary's figures on four instances: a
// control whose noise sets the band, a switch that changes nothing (no
// effect here), one that helps, with a timeout (a lower bound on its time
// and its work), and one whose default did no work (no work ratio).
func TestAblationSummarise(t *testing.T) {
	ms := time.Millisecond
	a := NewAblation([]Config{
		{Name: "dfs", Base: 0, Category: "default"},
		{Name: "dfs control", Base: 0, Category: Control},
		{Name: "dfs -idle", Base: 0, Category: "propagation", Pruning: "idle"},
		{Name: "dfs -p", Base: 0, Category: "feasibility", Pruning: "p"},
		{Name: "dfs -q", Base: 0, Category: "order"},
	}, []string{"f"}, false)
	var ins []Instance
	for i, noise := range []time.Duration{0, 1, -1, 0} {
		base := 10*ms + noise*ms/10
		p := ablationRun(Solved, 40, 20*ms, base, 0)
		if i == 3 {
			p = ablationRun(Timeout, 400, 5000*ms, base, 0)
		}
		ins = append(ins, Instance{File: "f", Case: i + 1, Runs: []Run{
			ablationRun(Solved, 10, base, 0, 7),
			ablationRun(Solved, 10, base+noise*ms/10, base, 0),
			ablationRun(Solved, 10, base-noise*ms/20, base, 0),
			p,
			ablationRun(Solved, 0, base, base, 0),
		}})
	}
	ss := a.Summarise(ins)
	require.Len(t, ss, 5)
	ctl, idle, p, q := ss[1], ss[2], ss[3], ss[4]
	require.Less(t, ctl.Band[0], 1.0)
	require.Greater(t, ctl.Band[1], 1.0)
	require.Equal(t, ctl.Band, idle.Band)
	require.True(t, idle.NoEffect)
	require.Equal(t, int64(0), idle.Cuts)

	require.False(t, p.NoEffect)
	require.Equal(t, int64(28), p.Cuts, "the default's cuts of p, over the four instances")
	require.Equal(t, 1, p.Timeouts)
	require.True(t, p.WorstWork.Bounded)
	require.Equal(t, ">=40", p.WorstWork.String())
	require.Equal(t, ">=500", p.WorstTime.String())
	require.Equal(t, ">=4", p.MedianWork.String())

	require.Equal(t, Saving{Value: 3*30 + 390, Bounded: true, Defined: true}, p.Saved, "40 nodes against 10, and at least 400 on the timeout")
	require.Equal(t, "0", idle.Saved.String(), "the same nodes: nothing saved")
	require.Equal(t, "-", q.Saved.String(), "no pruning, nothing to save")
	require.Contains(t, a.Rows(&ins[0]), " 7 ", "the default's cuts of p, on the row of -p")

	require.False(t, q.Work.Defined, "no work ratio where nothing was done")
	require.Equal(t, "-", q.MedianWork.String())
	require.Equal(t, int64(-1), q.Cuts, "no pruning, no cuts")

	out := a.Summary(ss)
	require.Contains(t, out, "no effect here")
	require.Contains(t, out, "dfs:control: the noise of this run")
	md := a.Markdown(ss)
	require.Contains(t, md, "No effect here")
	require.Contains(t, md, "`dfs -idle`")
	require.NotContains(t, md, "| `dfs -idle`", "a switch with no effect has no row")
	require.Equal(t, 1, strings.Count(md, "| `dfs -p` | feasibility | beyond |"))
	require.Contains(t, md, "| 28 | >=480 |", "removed, and saved")
}
