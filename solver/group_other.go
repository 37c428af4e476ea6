//go:build !unix

package solver

import (
	"os"
	"os/exec"
)

// setGroup does nothing where there are no process groups.
func setGroup(*exec.Cmd) {}

// killGroup kills p alone where there are no process groups.
func killGroup(p *os.Process) { p.Kill() }
