/**
 * The API baseline check of the build: {@link org.corbabridge.apicheck.ApiBaseline}, with japicmp.
 * For the modules' tests only.
 */
package org.corbabridge.apicheck;
