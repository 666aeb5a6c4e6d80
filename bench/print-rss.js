// Preloaded (node -r) into both sides of the CLI comparison: prints the process's peak RSS in KiB on exit.
process.on('exit', () => process.stderr.write(`maxrss ${process.resourceUsage().maxRSS}\n`));
