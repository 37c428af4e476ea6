package lab

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/puzzlesat/puzzlesat"
)

// ablationRow is one configuration of an ablation of one instance, as a
// row of compare --ablate: the DFS at the page's switches, that again
// (the control, whose ratios are the noise), and each pruning on there
// switched off in turn.
type ablationRow struct {
	Config   string  `json:"config"`   // "dfs", "dfs control", "dfs -memo"
	Pruning  string  `json:"pruning"`  // the pruning switched off; "" for the default and control
	Category string  `json:"category"` //
	Chapter  string  `json:"chapter"`  //
	Switches string  `json:"switches"` // the row's --dfs
	Status   string  `json:"status"`   // solved, no_solution, timeout, failed or stopped
	Nodes    int64   `json:"nodes"`    // the work
	Seconds  float64 `json:"seconds"`  //
	WorkX    string  `json:"workX"`    // nodes over the default's, as compare prints it
	TimeX    string  `json:"timeX"`    // time over the default's
	Saved    int64   `json:"saved"`    // the nodes the pruning saves: its row's minus the default's
	Cuts     int64   `json:"cuts"`     // the pruning's count at the default
}

// ablate runs rn's instance by the DFS at each configuration in turn,
// untraced, under rn's time limit each.
func (s *Server) ablate(ctx context.Context, rn *run) ([]ablationRow, error) {
	base := rn.opts
	base.Backend = puzzlesat.DFS
	type config struct{ name, pruning, category, chapter, spec string }
	configs := []config{{"dfs", "", "default", "", base.Prunings}, {"dfs control", "", "control", "", base.Prunings}}
	_, _, on, err := resolve(rn.kind, base.Prunings)
	if err != nil {
		return nil, err
	}
	for i, p := range rn.kind.Searches()[0].Prunings {
		if on[i] && !p.Optional {
			configs = append(configs, config{"dfs -" + p.Name, p.Name, string(p.Category), p.Chapter, join(base.Prunings, "-"+p.Name)})
		}
	}
	// The default runs once untimed first, as compare --ablate does, so
	// that its timed run does not pay for warming the caches.
	rn.kind.Solve(ctx, rn.prob, base)
	var rows []ablationRow
	var def puzzlesat.Stats
	for _, c := range configs {
		o := base
		o.Prunings = c.spec
		_, st, err := rn.kind.Solve(ctx, rn.prob, o)
		if context.Cause(ctx) == errStopped {
			return rows, errStopped
		}
		row := ablationRow{Config: c.name, Pruning: c.pruning, Category: c.category, Chapter: c.chapter, Nodes: st.Nodes, Seconds: st.Time.Seconds()}
		row.Switches, _, _ = rn.kind.ParsePrunings(c.spec)
		row.Status = status(err)
		if len(rows) == 0 {
			def = st
		}
		row.WorkX = ratio(float64(st.Nodes), float64(def.Nodes), rows, row.Status)
		row.TimeX = ratio(st.Time.Seconds(), def.Time.Seconds(), rows, row.Status)
		row.Saved = st.Nodes - def.Nodes
		for _, cut := range def.Cuts {
			if cut.Pruning == c.pruning {
				row.Cuts = cut.Count
			}
		}
		rows = append(rows, row)
		rn.mu.Lock()
		rn.ablation = rows
		rn.mu.Unlock()
	}
	return rows, nil
}

// status names how a run ended, as compare does.
func status(err error) string {
	switch {
	case err == nil:
		return "solved"
	case errors.Is(err, puzzlesat.ErrNoSolution):
		return "no_solution"
	case errors.Is(err, context.DeadlineExceeded):
		return "timeout"
	}
	return "failed"
}

// ratio returns v over the default's d as compare prints it: "-" where
// the default did not settle the instance or either did no work, ">="
// for a row that timed out.
func ratio(v, d float64, rows []ablationRow, st string) string {
	if len(rows) > 0 && !definite(rows[0].Status) || d <= 0 || v <= 0 {
		return "-"
	}
	prefix := ""
	switch {
	case st == "timeout":
		prefix = ">="
	case !definite(st):
		return "-"
	}
	x := v / d
	if x >= 100 {
		return prefix + fmt.Sprintf("%.0f", x)
	}
	return prefix + strings.TrimSpace(fmt.Sprintf("%.3g", x))
}

func definite(st string) bool { return st == "solved" || st == "no_solution" }
