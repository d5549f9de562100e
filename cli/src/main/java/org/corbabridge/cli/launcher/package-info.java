/**
 * The runnable jar's entry point: loads the command-line client with the one ORB it is asked for,
 * apart from the others. Uses nothing but the JDK.
 */
package org.corbabridge.cli.launcher;
