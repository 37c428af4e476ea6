//go:build !unix

package addrspace

// Limit returns 0: no address-space limit is known here.
func Limit() int64 { return 0 }

// Used returns 0: the address space is not known here.
func Used() int64 { return 0 }
