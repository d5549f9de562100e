/**
 * {@code corbabridge}, the command-line client: {@code ns ls}, {@code ior}, {@code describe},
 * {@code call}; its exit status tells the failures apart ({@link org.corbabridge.cli.ExitCode}).
 * docs/cli.md.
 */
package org.corbabridge.cli;
