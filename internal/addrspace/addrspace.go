// Package addrspace reads the process's address-space limit (RLIMIT_AS,
// ulimit -v) and how much of it is in use, so that what is sized to the
// memory can stay within what the limit leaves.
package addrspace
