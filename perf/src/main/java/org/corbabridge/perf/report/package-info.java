/**
 * The study's results and report: ratios with bootstrap intervals, tables, figures, profiles,
 * the reading in plain words, CSV and JSON.
 */
package org.corbabridge.perf.report;
