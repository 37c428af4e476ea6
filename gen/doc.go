// Package gen makes random puzzle instances, reproducibly from a seed.
package gen
