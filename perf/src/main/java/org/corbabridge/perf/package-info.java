/**
 * The study: its plans, its entry point ({@link org.corbabridge.perf.StudyMain}) and what a caller
 * is. docs/study.md says what it measures and how.
 */
package org.corbabridge.perf;
