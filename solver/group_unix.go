//go:build unix

package solver

import (
	"os"
	"os/exec"
	"syscall"
)

// setGroup makes cmd start in a session of its own, whose process group
// id is its pid, so that killGroup reaches every process it starts that
// stays in the group, and no terminal signal reaches it.
func setGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
}

// killGroup kills p's process group at once (SIGKILL: a solver need not
// flush anything for us).
func killGroup(p *os.Process) {
	syscall.Kill(-p.Pid, syscall.SIGKILL)
}
