package main

import (
	"bufio"
	"context"
	"fmt"
	"strconv"

	"puzzlesat"
	"puzzlesat/encode/cnf"
	"puzzlesat/sat"
)

// SAT-competition exit statuses of the sat subcommand.
const (
	exitSat   = 10
	exitUnsat = 20
)

// runSat solves a DIMACS file and prints the answer in SAT-competition form.
func runSat(ctx context.Context, e env, args []string) error {
	o := &options{stderr: e.stderr}
	fs := flagSet("sat", e.stderr)
	fs.DurationVar(&o.timeout, "timeout", 0, "time limit (0: none); on timeout print s UNKNOWN")
	fs.BoolVar(&o.stats, "stats", false, "print statistics as c lines")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("usage: puzzlesat sat [flags] CNF (- for stdin)")
	}
	in, closeIn, err := openInput(e, pos)
	if err != nil {
		return err
	}
	defer closeIn()
	f, err := cnf.ReadDIMACS(in.name, in.r)
	if err != nil {
		return err
	}
	if err := o.check(); err != nil {
		return err
	}
	st, m, stats, _ := puzzlesat.SolveCNF(ctx, f, o.lib)
	w := bufio.NewWriter(e.stdout)
	defer w.Flush()
	if o.stats {
		fmt.Fprintf(w, "c %v\n", stats)
	}
	fmt.Fprintf(w, "s %s\n", st)
	switch st {
	case sat.Sat:
		writeModel(w, m, f.NumVars())
		return &exitError{exitSat}
	case sat.Unsat:
		return &exitError{exitUnsat}
	}
	return &exitError{exitOK}
}

// writeModel prints a model as "v" lines of at most about 80 characters.
func writeModel(w *bufio.Writer, m cnf.Model, n int) {
	line := []byte("v")
	for v := 1; v <= n+1; v++ {
		lit := "0"
		if v <= n {
			lit = strconv.Itoa(cnf.Var(v).Pos().Dimacs())
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
