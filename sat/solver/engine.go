package solver

import (
	"context"
	"fmt"
	"strings"

	"puzzlesat/encode/cnf"
)

// Engine is a SAT solver that a Solver drives: gini in process (Gini, the
// default), an external program run once per solve (Program), or several
// of them racing on every solve (Portfolio). ParseEngine makes one from
// its name on the command line.
type Engine interface {
	// Name returns the engine's name: "gini", "portfolio", a known
	// program's name, or the path of a program.
	Name() string
	// open returns the engine's state for solving f.
	open(f *cnf.CNF) session
}

// session is an engine's state for one formula, which a Solver keeps.
type session interface {
	// solve decides the formula under the assumptions: Sat with a model,
	// Unsat, or, when ctx ended first, Unknown with ctx's error.
	solve(ctx context.Context, assume []cnf.Lit) (answer, error)
}

// answer is what one solve found, who found it, and the counters of the
// work it took.
type answer struct {
	status Status
	model  cnf.Model // for Sat
	by     string    // the Name of the engine that answered
	work   Stats     // Rebuilds, Conflicts, Decisions, Propagations
}

// ParseEngine returns the engine with the given name: "gini" (or "") for
// gini in process, "portfolio" for gini racing every known program found
// on PATH, "portfolio:A,B,..." for a race of the engines named A, B, ...
// (gini, known programs or paths), the name of a known program (see
// Programs), or the path of an executable (see Program). An unknown name
// is an error.
func ParseEngine(name string) (Engine, error) {
	switch name {
	case "", "gini":
		return Gini(), nil
	case "portfolio":
		return Portfolio(append([]Engine{Gini()}, Installed()...)...), nil
	}
	if list, ok := strings.CutPrefix(name, "portfolio:"); ok {
		var members []Engine
		for _, m := range strings.Split(list, ",") {
			if m == "" || strings.HasPrefix(m, "portfolio") {
				return nil, fmt.Errorf("portfolio member %q: want gini, a known solver or a path", m)
			}
			e, err := ParseEngine(m)
			if err != nil {
				return nil, err
			}
			members = append(members, e)
		}
		p := Portfolio(members...).(*portfolio)
		p.name = name
		return p, nil
	}
	return Program(name)
}

// engineNames lists the names ParseEngine knows, for an error message.
func engineNames() string {
	return fmt.Sprintf("gini, portfolio, portfolio:A,B,..., %s", strings.Join(Programs(), ", "))
}
