//go:build unix

package solver

import (
	"os"
	"os/exec"
	"syscall"
)

// setGroup makes cmd start in a process group of its own, whose id is its
// pid, so that killGroup reaches every process it starts.
func setGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills p's process group at once (SIGKILL: a solver need not
// flush anything for us).
func killGroup(p *os.Process) {
	syscall.Kill(-p.Pid, syscall.SIGKILL)
}
