package solver

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"

	"github.com/puzzlesat/puzzlesat/cnf"
)

// Engine is a SAT solver that a Solver drives: gini in process (Gini),
// CaDiCaL in process (Cadical, in a build with the tag cadical), the one
// of those two that suits each formula (Auto), an external program run
// once per solve (Program), or several of them racing on every solve
// (Portfolio). Default says which a Config without one gets; ParseEngine
// makes one from its name on the command line.
type Engine interface {
	// Name returns the engine's name: "gini", "cadical", "auto",
	// "portfolio", a known program's name, or the path of a program.
	Name() string
	// open returns the engine's state for solving f.
	open(f *cnf.CNF) session
}

// session is an engine's state for one formula, which a Solver keeps.
type session interface {
	// solve decides the formula under the assumptions: Sat with a model,
	// Unsat, or, when ctx ended first, Unknown with ctx's error.
	solve(ctx context.Context, assume []cnf.Lit) (answer, error)
	// close frees what the session holds outside Go's heap (CaDiCaL's C
	// memory) and lets go of the rest; the session is not used after.
	close()
}

// answer is what one solve found, who found it, and the counters of the
// work it took.
type answer struct {
	status Status
	model  cnf.Model // for Sat
	by     string    // the Name of the engine that answered
	work   Stats     // Rebuilds, Conflicts, Decisions, Propagations
}

// ParseEngine returns the engine with the given name: "" for the Default
// engine; "gini" for gini in process; "cadical" for CaDiCaL in process
// when it is built in (see Cadical), else the cadical program; "auto"
// for the engine in process that suits each formula (see Auto);
// "portfolio" for the engines in process racing every known program
// found on PATH (see Found); "portfolio:A,B,..." for a race of the
// engines named A, B, ... (gini, cadical, known programs or paths); the
// name of a known program (see Programs); or the path of an executable
// (see Program), which is always run as a program. An unknown name is an
// error.
func ParseEngine(name string) (Engine, error) {
	switch name {
	case "":
		return Default(), nil
	case "gini":
		return Gini(), nil
	case "auto":
		return Auto(), nil
	case "cadical":
		if e, ok := Cadical(); ok {
			return e, nil
		}
	case "portfolio":
		return Portfolio(append(inProcess(), Found()...)...), nil
	}
	if list, ok := strings.CutPrefix(name, "portfolio:"); ok {
		var members []Engine
		for _, m := range strings.Split(list, ",") {
			if m == "" || m == "auto" || strings.HasPrefix(m, "portfolio") {
				return nil, fmt.Errorf("portfolio member %q: want gini, cadical, a known solver or a path (a portfolio ranks its members by auto's rules itself)", m)
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

// inProcess returns the engines that run in process: gini, and CaDiCaL
// when it is built in.
func inProcess() []Engine {
	es := []Engine{Gini()}
	if e, ok := Cadical(); ok {
		es = append(es, e)
	}
	return es
}

// EngineVar is the environment variable that Default reads.
const EngineVar = "PUZZLESAT_ENGINE"

// Default returns the engine of a Config without one: Auto in a build
// with the tag cadical, gini in process in a build without, which stays
// pure Go. The environment variable PUZZLESAT_ENGINE (EngineVar), read
// once, overrides that in a build with CaDiCaL: "cadical" makes it
// CaDiCaL in process and "gini" gini, whatever the formula. That is a
// switch for running every test that solves on the default engine with
// one engine (.ci/run does), not a setting for users, who name the
// engine they want; any other value, and any value in a build without
// CaDiCaL, leaves the default.
func Default() Engine { return defaultEngine() }

var defaultEngine = sync.OnceValue(func() Engine {
	c, ok := Cadical()
	switch {
	case !ok:
		return Gini()
	case os.Getenv(EngineVar) == "cadical":
		return c
	case os.Getenv(EngineVar) == "gini":
		return Gini()
	}
	return Auto()
})

// engineNames lists the names ParseEngine knows, for an error message.
func engineNames() string {
	return fmt.Sprintf("gini, cadical, auto, portfolio, portfolio:A,B,..., %s", strings.Join(Programs(), ", "))
}

// CadicalBuiltIn reports whether CaDiCaL runs in process in this build
// (the build tag cadical), so that ParseEngine("cadical") is the library
// rather than the program.
func CadicalBuiltIn() bool {
	_, ok := Cadical()
	return ok
}
