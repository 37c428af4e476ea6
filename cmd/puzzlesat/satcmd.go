package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"time"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/internal/addrspace"
	"github.com/puzzlesat/puzzlesat/solver"
)

// SAT-competition exit statuses of the sat subcommand.
const (
	exitSat   = 10
	exitUnsat = 20
)

// runSat solves a DIMACS file, or stdin, and prints the answer in
// SAT-competition form; a gzip or xz file is read uncompressed. The
// deadline of --timeout covers reading the file too, and opening it.
func runSat(ctx context.Context, e env, args []string) error {
	o := newOptions(e.stderr)
	fs := flagSet(e, "sat", "")
	fs.DurationVar(&o.timeout, "timeout", 0, "time limit (0: none); on timeout print s UNKNOWN")
	fs.Var(&o.stats, "stats", "print statistics as c lines, the counters that are not zero; --stats=all prints every counter")
	o.solverFlag(fs)
	o.proofFlags(fs)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return usagef("usage: puzzlesat sat [flags] [CNF] (stdin when none, or -; gzip and xz read as they are)")
	}
	if err := o.check(); err != nil {
		return err
	}
	in, err := openInput(e, pos, "a DIMACS formula")
	if err != nil {
		return err
	}
	defer in.close()
	tctx, cancel := context.WithTimeout(ctx, forever(o.timeout))
	defer cancel()
	w := bufio.NewWriter(e.stdout)
	status, m, stats, old, err := solveFile(tctx, in, o.lib)
	switch {
	case err != nil && tctx.Err() == nil:
		return err // unreadable: exit 2
	case o.stats != statsOff:
		fmt.Fprintf(w, "c %s\n", o.stats.text(stats))
	}
	for _, p := range stats.Proofs {
		if p.DRAT != "" {
			fmt.Fprintf(w, "c proof checked: %s refutes %s (variables renumbered to those the clauses hold)\n", p.DRAT, p.CNF)
		} else {
			fmt.Fprintf(w, "c proof checked\n")
		}
	}
	fmt.Fprintf(w, "s %s\n", status)
	code := exitOK
	switch status {
	case solver.Sat:
		writeModel(w, m, old)
		code = exitSat
	case solver.Unsat:
		code = exitUnsat
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if context.Cause(ctx) == errInterrupted {
		return errInterrupted
	}
	return &exitError{code}
}

// forever is d, or a duration no run reaches when d is 0.
func forever(d time.Duration) time.Duration {
	if d <= 0 {
		return math.MaxInt64
	}
	return d
}

// solveFile reads and solves the DIMACS input under ctx with o's solver, with its
// variables renumbered to those its clauses hold, so that memory follows
// the file and not the numbers in it; old maps them back. When ctx ends
// first, the status is Unknown and the error ctx's.
func solveFile(ctx context.Context, in *input, o puzzlesat.Options) (status solver.Status, m cnf.Model, st puzzlesat.Stats, old []cnf.Var, err error) {
	r, err := in.reader(ctx)
	if err != nil {
		return solver.Unknown, nil, st, nil, err
	}
	if r, err = decompressed(r); err != nil {
		return solver.Unknown, nil, st, nil, fmt.Errorf("%s: %w", in.name, err)
	}
	f, err := readDIMACS(ctx, o, in.name, r)
	if err != nil {
		return solver.Unknown, nil, st, nil, err
	}
	f, old = f.Compact()
	if err := ctx.Err(); err != nil {
		return solver.Unknown, nil, st, nil, err
	}
	if o.Proof != nil {
		p := *o.Proof
		p.Name = filepath.Base(in.name)
		o.Proof = &p
	}
	status, m, st, err = o.SolveCNF(ctx, f)
	return status, m, st, old, err
}

// writeModel prints a model of the renumbered formula as "v" lines of at
// most about 80 characters, in the file's own numbering. Only variables
// that some clause holds are given: any value of the others satisfies,
// and a header may declare millions.
func writeModel(w *bufio.Writer, m cnf.Model, old []cnf.Var) {
	line := []byte("v")
	for v := 1; v <= len(old); v++ {
		lit := "0"
		if v < len(old) {
			lit = strconv.Itoa(int(old[v]))
			if !m.Value(cnf.Var(v).Pos()) {
				lit = "-" + lit
			}
		}
		if len(line)+1+len(lit) > 80 {
			w.Write(append(line, '\n'))
			line = append(line[:0], 'v')
		}
		line = append(append(line, ' '), lit...)
	}
	w.Write(append(line, '\n'))
}

// readDIMACS reads a formula as cnf.ReadDIMACS does, holding at most the
// literals that o's solver may take: o.Budget, or the solver's default,
// and under an address-space limit what a quarter of what the limit
// leaves holds. Past them it stops with a *cnf.DIMACSError that wraps
// cnf.ErrTooLarge, before the file is read whole.
func readDIMACS(ctx context.Context, o puzzlesat.Options, file string, r io.Reader) (*cnf.CNF, error) {
	most := solver.Config{Engine: o.Solver, Budget: o.Budget}.Limit()
	if limit := addrspace.Limit(); limit > 0 {
		if left := limit - addrspace.Used(); left > 0 {
			most = int(min(int64(most), left/4/readBytes))
		}
	}
	return cnf.ReadDIMACSAtMost(ctx, file, r, max(most, 1))
}

// readBytes is the memory a literal read from DIMACS takes until the
// formula is handed on: 4 bytes, twice over while its slice grows, and
// as much again for Compact's copy.
const readBytes = 16
