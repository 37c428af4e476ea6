package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"github.com/puzzlesat/puzzlesat/solver"
)

// runVersion prints the version of puzzlesat: the module's version, the
// VCS revision it was built from (and whether the tree was modified), and
// the Go that built it, as the binary records them, then the SAT engines
// built into the process.
func runVersion(_ context.Context, e env, args []string) error {
	pos, err := parseArgs(flagSet(e, "version", ""), args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("version takes no arguments, got %q", pos[0])
	}
	info, _ := debug.ReadBuildInfo()
	text := versionText(info) + enginesText(solver.CadicalBuiltIn()) + defaultSolverText(solver.Default().Name())
	_, err = io.WriteString(e.stdout, text)
	return err
}

// enginesText says which SAT engines run in the process: gini always,
// CaDiCaL in a build with the cadical tag.
func enginesText(cadical bool) string {
	if cadical {
		return "engines in process: gini, cadical\n"
	}
	return "engines in process: gini (cadical: not built in; build with -tags cadical)\n"
}

// defaultSolverText names the solver of the SAT backend when --solver is
// not given.
func defaultSolverText(name string) string {
	if name == "auto" {
		return "default solver: auto (gini or CaDiCaL in process, whichever suits each query; --solver to pick one)\n"
	}
	return "default solver: " + name + " (--solver to pick another)\n"
}

// versionText formats what the build recorded, in one line:
// "puzzlesat VERSION, revision REV (modified), built DATE with go1.26.8 on linux/amd64";
// the parts the build did not record are left out, and a version that is
// not a release (a build in the source tree) is "devel".
func versionText(info *debug.BuildInfo) string {
	version, goVersion := "devel", runtime.Version()
	var rev, when string
	modified := false
	if info != nil {
		if v := info.Main.Version; v != "" && v != "(devel)" {
			version = v
		}
		if info.GoVersion != "" {
			goVersion = info.GoVersion
		}
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.time":
				when = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	text := "puzzlesat " + version
	if rev != "" {
		text += ", revision " + rev
		if modified {
			text += " (modified)"
		}
	}
	if when != "" {
		text += ", committed " + when
	}
	return fmt.Sprintf("%s, built with %s on %s/%s\n", text, goVersion, runtime.GOOS, runtime.GOARCH)
}
